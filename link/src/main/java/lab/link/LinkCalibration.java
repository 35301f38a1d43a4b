package lab.link;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
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
 * starts from the link minus the bare hop (the median of {@link #HOP_READINGS} readings), then sets
 * the link minus the median of what each step measured beyond its toxic (the hop and the timer's
 * lateness), at most {@link #STEPS} times, and measures once more; it stops early within half the
 * tolerance. Medians, not means: one reading taken while the machine stalls would otherwise move
 * the toxic for every fork that sets it. The toxic never goes below 0 (a
 * hop already slower than the link is reported as it is). The whole delay goes on replies ({@link LinkProxy#rttOnReplies}): each timer
 * wakes late by tens of µs on a busy machine, and two halves would pay that twice.
 */
public final class LinkCalibration {

    /** Corrections after the first guess; each one also averages out a probe's noise. */
    static final int STEPS = 3;
    /**
     * Readings of the bare hop, whose median is the first guess: the noisiest probe (−0.03 to
     * +0.22 ms in 76 calibrations, docs/link.md); one parent JVM read +0.113 ms where its other runs
     * read +0.03 to +0.05, and the mean of its steps kept the toxic at 0.024 ms.
     */
    static final int HOP_READINGS = 3;
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
        double[] hops = new double[HOP_READINGS];
        for (int i = 0; i < hops.length; i++) {
            hops[i] = addedMs.getAsDouble();
        }
        double hop = median(hops);
        double toxic = round(Math.max(0, target - hop));
        // what the proxy adds beyond its toxic (hop + timer lateness) at each step; it hardly depends on the toxic's size
        List<Double> overheads = new ArrayList<>();
        double added = hop;
        for (int step = 1; step <= STEPS + 1; step++) {
            proxy.rttOnReplies(Math.round(toxic * 1000));
            added = addedMs.getAsDouble();
            if (Math.abs(added - target) <= toleranceMs / 2 || step > STEPS) {
                break;
            }
            overheads.add(added - toxic);
            toxic = round(Math.max(0, target - median(overheads.stream().mapToDouble(Double::doubleValue).toArray())));
        }
        return new Result(link, toxic, round(hop), round(added));
    }

    /** The middle value, or the mean of the two middle ones. */
    static double median(double[] values) {
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
    }

    /** To the microsecond, the toxic's unit. */
    private static double round(double ms) {
        return Math.round(ms * 1000) / 1000.0;
    }
}
