package lab.link;

import java.util.function.DoubleSupplier;

/**
 * Sets a proxy's toxics so that the round trip a client measures through it, above loopback,
 * is the link's: a link below a millisecond is mostly made of what the proxy hop itself costs
 * (a user-space relay, about 0.1 ms a round trip) and of how late the timer wakes, both of which
 * depend on the machine and its load, so the toxic is found by measuring at start-up rather
 * than fixed (docs/link.md, "Calibrated lan").
 *
 * <p>{@code addedMs} measures, with the toxics in force, what the proxy adds to one round trip
 * over loopback (e.g. a query timed through the proxy and directly, interleaved). The search
 * starts from the link minus the bare hop, then sets the link minus the mean of what each step
 * measured beyond its toxic (the hop and the timer's lateness), at most {@link #STEPS} times, and
 * measures once more; it stops early within half the tolerance. The toxic never goes below 0 (a
 * hop already slower than the link is reported as it is). The whole delay goes on replies ({@link LinkProxy#rttOnReplies}): each timer
 * wakes late by tens of µs on a busy machine, and two halves would pay that twice.
 */
public final class LinkCalibration {

    /** Corrections after the first guess; each one also averages out a probe's noise. */
    static final int STEPS = 3;
    /** The calibration stops within half this of the link (docs/link.md: lan is 0.19 ± 0.03 ms). */
    public static final double TOLERANCE_MS = 0.03;
    /** Pairs of loops a probe should time (lab.access.AddedLatency): about a second at lan. */
    public static final int PROBE_ROUNDS = 41;

    /**
     * @param link     the round trip asked for
     * @param toxicMs  the latency toxic set on replies, ms
     * @param hopMs    what the bare proxy adds over loopback, ms
     * @param addedMs  what the proxy with its toxics adds over loopback, last measured, ms
     */
    public record Result(Link link, double toxicMs, double hopMs, double addedMs) {

        /** Off by less than {@code toleranceMs} from the link's round trip. */
        public boolean within(double toleranceMs) {
            return Math.abs(addedMs - link.rttMs()) <= toleranceMs;
        }
    }

    private LinkCalibration() {
    }

    /** Calibrates {@code proxy} to {@code link}, within {@link #TOLERANCE_MS} when it can; returns what it set and saw. */
    public static Result calibrate(LinkProxy proxy, Link link, DoubleSupplier addedMs) {
        return calibrate(proxy, link, TOLERANCE_MS, addedMs);
    }

    /** Calibrates {@code proxy} to {@code link}, within {@code toleranceMs} when it can; returns what it set and saw. */
    public static Result calibrate(LinkProxy proxy, Link link, double toleranceMs, DoubleSupplier addedMs) {
        double target = link.rttMs();
        proxy.rttOnReplies(0);
        double hop = addedMs.getAsDouble();
        double toxic = round(Math.max(0, target - hop));
        // what the proxy adds beyond its toxic (hop + timer lateness), averaged over the steps so that
        // one noisy probe does not send the toxic off; it hardly depends on the toxic's size
        double overhead = 0;
        double added = hop;
        for (int step = 1; step <= STEPS + 1; step++) {
            proxy.rttOnReplies(Math.round(toxic * 1000));
            added = addedMs.getAsDouble();
            if (Math.abs(added - target) <= toleranceMs / 2 || step > STEPS) {
                break;
            }
            overhead += ((added - toxic) - overhead) / step;
            toxic = round(Math.max(0, target - overhead));
        }
        return new Result(link, toxic, round(hop), round(added));
    }

    /** To the microsecond, the toxic's unit. */
    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
