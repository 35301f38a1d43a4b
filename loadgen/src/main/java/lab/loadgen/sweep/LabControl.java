package lab.loadgen.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lab.loadgen.tool.ProcessRunner;

/**
 * What the sweep asks of the lab between points, through the lab's own commands: leave one instance
 * running ({@code ISOLATE=1}: {@code lab.sh only}) and restart the portal's thread pool with a session
 * hand-off (the fair pass: {@code lab.sh hand-off}). A command's exit status says whether it took.
 */
final class LabControl {

    private final List<String> isolate;
    private final FairPass fairPass;
    private final ProcessRunner runner;
    private final HttpClient http;
    private final PrintStream out;
    /** Why a target's fair restart did not take (its steps then record it), by target. */
    private final Map<Target, String> fairError = new ConcurrentHashMap<>();

    LabControl(List<String> isolate, FairPass fairPass, ProcessRunner runner, HttpClient http, PrintStream out) {
        this.isolate = List.copyOf(isolate);
        this.fairPass = fairPass;
        this.runner = runner;
        this.http = http;
        this.out = out;
    }

    /** Why the target's fair restart did not take, or null. */
    String fairError(Target t) {
        return fairError.get(t);
    }

    /** ISOLATE=1: only this instance keeps running (the sweep warms it up again: it may have been restarted). */
    void isolate(Target t, Progress progress) throws InterruptedException {
        List<String> cmd = new ArrayList<>(isolate);
        cmd.add(t.instance().name());
        progress.info("isolate: " + String.join(" ", cmd));
        ProcessRunner.Outcome o = runner.run(List.of(cmd), Duration.ofMinutes(5));
        if (!o.succeeded()) {
            progress.info("isolate: " + failure(o));
        }
    }

    /**
     * The fair pass: restarts the instance with the fair hand-off and checks its page's threads; when
     * either fails, the pass's steps of that target are recorded as failed with the reason.
     */
    void restartFair(Target t, Progress progress) throws InterruptedException {
        List<String> cmd = fairPass.restart(FairPass.FAIR, t);
        progress.info("fair pass: " + String.join(" ", cmd));
        ProcessRunner.Outcome o = runner.run(List.of(cmd), Duration.ofMinutes(5));
        if (!o.succeeded()) {
            fairError.put(t, "could not restart " + t.instance().name() + " with the fair hand-off ("
                    + String.join(" ", cmd) + "): " + failure(o));
        } else {
            String why = FairPass.notFair(page(t));
            if (why != null) {
                fairError.put(t, t.instance().name() + " did not come back with the fair hand-off: " + why);
            }
        }
        progress.info("fair pass: " + fairError.getOrDefault(t, t.instance().name() + " serves its page on the fair pool's threads"));
    }

    /** After the pass (or Ctrl-C): the instance back on the unfair hand-off, as the lab runs it. */
    void restartUnfair(Target t) {
        List<String> cmd = fairPass.restart(FairPass.UNFAIR, t);
        try {
            ProcessRunner.Outcome o = new ProcessRunner().run(List.of(cmd), Duration.ofMinutes(5));
            if (!o.succeeded()) {
                out.printf("warning: could not restart %s with the unfair hand-off (%s): %s%n", t.instance().name(),
                        String.join(" ", cmd), failure(o));
            } else {
                out.printf("fair pass: %s back on the unfair hand-off%n", t.instance().name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.printf("warning: interrupted while restarting %s unfair: '%s'%n", t.instance().name(), String.join(" ", cmd));
        }
    }

    /** Why a lab command failed: timed out, or its exit status and the last line it printed. */
    private static String failure(ProcessRunner.Outcome o) {
        if (o.timedOut()) {
            return "timed out";
        }
        String last = o.outputs().getFirst().strip().lines().reduce((a, b) -> b).orElse("no output");
        return "exit status " + o.exitCodes().getFirst() + ": " + last;
    }

    /** The instance's page, or "" when it does not answer. */
    private String page(Target t) throws InterruptedException {
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(t.loadUrl()))
                    .timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
            return r.body();
        } catch (IOException e) {
            return "";
        }
    }
}
