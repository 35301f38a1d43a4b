package lab.loadgen.sweep;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import lab.loadgen.config.LabPort;

/**
 * What the sweep asks of the lab between points, through the lab port (the shell that started
 * loadgen carries it out): leave one instance running ({@code ISOLATE=1}: {@code only NAME}) and
 * restart the portal's thread pool with a session hand-off (the fair pass: {@code hand-off fair
 * NAME}). A request's exit status says whether it took.
 */
final class LabControl {

    private static final Duration LIMIT = Duration.ofMinutes(5);

    private final LabPort port;
    private final HttpClient http;
    private final PrintStream out;
    /** Why a target's fair restart did not take (its points then record it), by target. */
    private final Map<Target, String> fairError = new ConcurrentHashMap<>();

    /** @param port the lab port; null when the sweep asks nothing of the lab */
    LabControl(LabPort port, HttpClient http, PrintStream out) {
        this.port = port;
        this.http = http;
        this.out = out;
    }

    /** Why the target's fair restart did not take, or null. */
    String fairError(Target t) {
        return fairError.get(t);
    }

    /** ISOLATE=1: only this instance keeps running (the sweep warms it up again: it may have been restarted). */
    void isolate(Target t, Progress progress) throws InterruptedException {
        List<String> request = List.of("only", t.instance().name());
        progress.info("isolate: lab.sh " + String.join(" ", request));
        LabPort.Reply r = port.ask(LIMIT, request);
        if (!r.succeeded()) {
            progress.info("isolate: " + r.failure());
        }
    }

    /**
     * The fair pass: restarts the instance with the fair hand-off and checks its page's threads; when
     * either fails, the pass's points of that target are recorded as failed with the reason.
     */
    void restartFair(Target t, Progress progress) throws InterruptedException {
        List<String> request = FairPass.restart(FairPass.FAIR, t);
        progress.info("fair pass: lab.sh " + String.join(" ", request));
        LabPort.Reply r = port.ask(LIMIT, request);
        if (!r.succeeded()) {
            fairError.put(t, "could not restart " + t.instance().name() + " with the fair hand-off (lab.sh "
                    + String.join(" ", request) + "): " + r.failure());
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
        List<String> request = FairPass.restart(FairPass.UNFAIR, t);
        try {
            LabPort.Reply r = port.ask(LIMIT, request);
            if (!r.succeeded()) {
                out.printf("warning: could not restart %s with the unfair hand-off (lab.sh %s): %s%n", t.instance().name(),
                        String.join(" ", request), r.failure());
            } else {
                out.printf("fair pass: %s back on the unfair hand-off%n", t.instance().name());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.printf("warning: interrupted while restarting %s unfair: 'lab.sh %s'%n", t.instance().name(), String.join(" ", request));
        }
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
