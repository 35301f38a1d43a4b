package lab.loadgen.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Pattern;

/**
 * What loadgen asks of the lab that started it, and only the shell does: leave one instance running
 * ({@code only NAME}), restart one with another hand-off ({@code hand-off fair|unfair NAME}), stop or
 * start MariaDB ({@code stop-server mysql}, {@code start-server}). Calls go one way: the shell owns
 * the processes and serves this port while loadgen runs ({@code scripts/lib/lab-port.sh}); loadgen
 * only asks, and the request's exit status is the answer.
 *
 * <p>A request is a file {@code N.request} in the port's directory holding its words; the shell
 * answers with {@code N.out} (what the command printed) and then {@code N.status} (its exit status).
 * Files, not pipes: neither side blocks on the other, and a port nobody serves fails within the
 * request's limit instead of hanging (at once when its server's PID file names a dead process).
 */
public final class LabPort {

    /** A request's words: names and verbs only, so that the shell can split them on spaces. */
    private static final Pattern WORD = Pattern.compile("[A-Za-z0-9._-]+");
    private static final Duration POLL = Duration.ofMillis(20);

    private final Path dir;
    private final AtomicInteger next = new AtomicInteger();

    public LabPort(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /**
     * The outcome of a request: its exit status (null when it did not answer in time), its last line,
     * and all it printed ({@code output}, empty when it did not answer).
     */
    public record Reply(Integer status, String lastLine, String output) {

        Reply(Integer status, String lastLine) {
            this(status, lastLine, "");
        }

        public boolean succeeded() {
            return status != null && status == 0;
        }

        /** Why it failed, for a log line: timed out, or its exit status and the last line it printed. */
        public String failure() {
            return status == null ? lastLine : "exit status " + status + ": " + lastLine;
        }
    }

    /** Asks the lab to carry out {@code words} and waits up to {@code limit} for its exit status. */
    public Reply ask(Duration limit, List<String> words) throws InterruptedException {
        for (String w : words) {
            if (!WORD.matcher(w).matches()) {
                throw new IllegalArgumentException("not a word the lab port takes: '" + w + "'");
            }
        }
        int n = next.incrementAndGet();
        Path status = dir.resolve(n + ".status");
        try {
            Path draft = Files.writeString(dir.resolve(n + ".draft"), String.join(" ", words) + "\n");
            Files.move(draft, dir.resolve(n + ".request"), StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            return new Reply(null, "could not write to the lab port " + dir + ": " + e.getMessage());
        }
        long deadline = System.nanoTime() + limit.toNanos();
        while (!Files.exists(status)) {
            String dead = serverGone();
            if (dead != null) {
                return new Reply(null, dead);
            }
            if (System.nanoTime() > deadline) {
                return new Reply(null, "'" + String.join(" ", words) + "' got no answer from the lab within " + limit.toSeconds() + " s");
            }
            Thread.sleep(POLL);
        }
        try {
            String out = Files.exists(dir.resolve(n + ".out")) ? Files.readString(dir.resolve(n + ".out")) : "";
            String last = out.strip().lines().reduce((a, b) -> b).orElse("no output");
            return new Reply(Integer.parseInt(Files.readString(status).strip()), last, out);
        } catch (IOException | NumberFormatException e) {
            return new Reply(null, "unreadable answer in the lab port " + dir + ": " + e.getMessage());
        }
    }

    /** Asks and fails with the reason unless the request succeeded. */
    public void require(Duration limit, List<String> words) throws IOException, InterruptedException {
        Reply r = ask(limit, words);
        if (!r.succeeded()) {
            throw new IOException("'" + String.join(" ", words) + "' failed: " + r.failure());
        }
    }

    /** Null while the port's server runs (or names no PID), else why not. */
    private String serverGone() {
        try {
            Path pid = dir.resolve("server.pid");
            if (!Files.exists(pid)) {
                return Files.isDirectory(dir) ? null : "the lab port " + dir + " is gone";
            }
            long p = Long.parseLong(Files.readString(pid).strip());
            return ProcessHandle.of(p).map(ProcessHandle::isAlive).orElse(false) ? null
                    : "nothing serves the lab port " + dir + " any more (its server, PID " + p + ", exited)";
        } catch (IOException | NumberFormatException e) {
            return null;
        }
    }
}
