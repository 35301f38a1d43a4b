package lab.loadgen.sweep;

import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import lab.loadgen.metrics.HealthCheck;

/** Each instance's health as the sweep found it before its first point, and again after it was restarted. */
final class InstanceHealth {

    private final HttpClient http;
    private final LabControl control;
    private final Focus focus;
    private final Map<Target, HealthCheck.Status> health = new HashMap<>();
    /** How long a thawed instance that reports a source down is asked again before it is measured so. */
    private static final Duration THAWED_SETTLE = Duration.ofSeconds(10);

    /**
     * The instance's health; one that may just have been thawed ({@code thawed}) is asked again for up
     * to {@link #THAWED_SETTLE} while it does not answer in time or reports a source down: its event
     * loops first run what the freeze held back, and its health checks may report deadlines the freeze spent.
     */
    static HealthCheck.Status check(HttpClient http, URI uri, boolean thawed) throws InterruptedException {
        HealthCheck.Status s = HealthCheck.check(http, uri, Duration.ofSeconds(3));
        for (long until = System.nanoTime() + THAWED_SETTLE.toNanos(); thawed && !s.up() && System.nanoTime() < until; ) {
            Thread.sleep(250);
            s = HealthCheck.check(http, uri, Duration.ofSeconds(3));
        }
        return s;
    }

    InstanceHealth(HttpClient http, LabControl control, Focus focus) {
        this.http = http;
        this.control = control;
        this.focus = focus;
    }

    boolean known(Target t) {
        return health.containsKey(t);
    }

    HealthCheck.Status of(Target t) {
        return health.get(t);
    }

    /** Checked again before its next point (it may have been restarted). */
    void forget(Target t) {
        health.remove(t);
    }

    /**
     * The health check before an instance's first point, kept; whether it is to be warmed up (it
     * answers, and the plan warms up with wrk).
     */
    boolean check(PlannedPoint planned, ToolPlan tools, Progress progress) throws InterruptedException {
        Target t = planned.target();
        if (planned.tool().equals(ToolPlan.CEILING)) {
            health.put(t, new HealthCheck.Status(true, "the ceiling runs in a child JVM of loadgen"));
            return false;
        }
        if (control.fairError(t) != null) {
            health.put(t, new HealthCheck.Status(true, "not measured: " + control.fairError(t)));
            return false; // its points record why; no warm-up of an instance that is not fair
        }
        focus.on(t);
        URI uri = URI.create(t.baseUrl() + t.instance().healthPath());
        HealthCheck.Status s = check(http, uri, focus.freezes());
        health.put(t, s);
        if (!s.answers()) {
            progress.info(t.instance().name() + ": no answer at " + uri + " (" + s.detail() + "); its steps are recorded as failed");
            return false;
        }
        if (!s.up()) {
            // an instance that answers but reports a source down is measured all the same: what it
            // serves then is part of the answer, and its failures count as errors, never as throughput
            progress.info(t.instance().name() + ": reports " + s.detail() + " at " + uri + "; measured anyway");
        }
        return planned.plan().warmupSec() > 0 && tools.tool(ToolPlan.WRK) != null;
    }
}
