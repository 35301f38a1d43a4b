package lab.loadgen.sweep;

import java.io.PrintStream;
import java.time.Duration;
import java.util.List;

import lab.loadgen.config.LabPort;
import lab.loadgen.live.FocusState;

/**
 * Only the instance under load runs ({@code --freeze}): before load, a health check or an idle wait
 * goes to an instance, the lab freezes every other one and thaws it (the lab port's {@code focus
 * NAME}: SIGSTOP natively, {@code docker pause} in compose), so that the lab's idle JVMs take no CPU
 * from the one measured; their pools stay open and their JIT's code compiled. {@link #release}
 * thaws them all. A request that fails is said once, and the run goes on with the others running.
 * The dashboard learns which instance runs alone from {@link FocusState}.
 */
final class Focus {

    private static final Duration LIMIT = Duration.ofSeconds(60);

    /** The focus of a sweep that freezes nothing. */
    static final Focus NONE = new Focus(null, null, null);

    private final LabPort port;
    private final PrintStream out;
    /** Where the dashboard reads {@link FocusState}, or null. */
    private final java.nio.file.Path resultsDir;
    /** The instance that runs alone now, or null (every instance runs). */
    private String current;
    /** Why freezing did not take, or null. */
    private String failure;

    /** @param port the lab port; null: nothing is frozen */
    Focus(LabPort port, PrintStream out, java.nio.file.Path resultsDir) {
        this.port = port;
        this.out = out;
        this.resultsDir = resultsDir;
    }

    boolean freezes() {
        return port != null;
    }

    /** Why freezing failed, or null when it took (or was never asked). */
    synchronized String failure() {
        return failure;
    }

    /**
     * {@code t}'s instance runs alone from now on (a target that is no lab instance: none runs);
     * whether it was thawed just now.
     */
    synchronized boolean on(Target t) throws InterruptedException {
        String name = t.instance().name();
        if (port == null || failure != null || name.equals(current)) {
            return false;
        }
        LabPort.Reply r = port.ask(LIMIT, List.of("focus", name));
        if (r.succeeded()) {
            current = name;
            if (resultsDir != null) {
                new FocusState(name, System.currentTimeMillis()).write(resultsDir);
            }
            return true;
        }
        failure = "could not freeze the other instances (lab.sh focus " + name + "): " + r.failure();
        out.println("warning: " + failure + "; measured with them running");
        release();
        return false;
    }

    /** Every instance runs again (at the end of a run, on Ctrl-C, after a failure). */
    synchronized void release() {
        if (port == null || current == null && failure == null) {
            return;
        }
        current = null;
        if (resultsDir != null) {
            FocusState.clear(resultsDir);
        }
        try {
            LabPort.Reply r = port.ask(LIMIT, List.of("thaw"));
            if (!r.succeeded()) {
                out.println("warning: could not thaw the lab's instances (lab.sh thaw): " + r.failure() + "; make thaw");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            out.println("warning: interrupted while thawing the lab's instances: make thaw");
        }
    }
}
