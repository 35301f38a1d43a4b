package lab.report.verdict;

import java.util.Collection;
import java.util.List;
import java.util.Locale;

import lab.report.Fmt;
import lab.report.results.JmhScore;

/**
 * Whether JMH scores may decide a micro claim at all, before its rule reads them: each score has at
 * least {@link JmhScore#MIN_FORKS} forks (its fork means are the samples; within one fork the
 * iterations are not independent), and each fork's 1-minute load average was recorded and is at
 * most the machine's cores ({@link #quiet}). Above the cores, more tasks were runnable than there
 * were cores to run them: the timed calls waited for a core, and the score measures the queue as
 * much as the driver. A load that was not recorded blocks too: it cannot show a quiet machine.
 */
public final class MicroGate {

    private MicroGate() {
    }

    /** Whether a fork's 1-minute load average {@code load} on {@code cores} cores is quiet. */
    static boolean quiet(double load, int cores) {
        return load <= cores;
    }

    /** "" when {@code scores} may decide a claim; else "to decide: …", what a run would need. */
    static String refusal(Collection<JmhScore> scores) {
        if (scores.stream().anyMatch(s -> s == null || s.forkMeans().isEmpty())) {
            return "to decide: at least " + JmhScore.MIN_FORKS + " forks a side, whose means give the interval";
        }
        if (scores.stream().anyMatch(s -> !s.loads().recordedFor(s.forks()))) {
            return "to decide: the same forks with each fork's load average recorded (this run did not record it, so "
                    + "it cannot show the machine was quiet)";
        }
        List<Double> loads = loads(scores);
        int cores = scores.iterator().next().loads().cores();
        long busy = scores.stream().mapToLong(s -> s.loads().oneMinute().stream().filter(l -> !quiet(l, s.loads().cores())).count()).sum();
        if (busy > 0) {
            return String.format(Locale.ROOT, "to decide: the same forks on a quiet machine (%d of %d forks ended with a 1-minute "
                    + "load average above the %d cores, up to %s)", busy, loads.size(), cores, Fmt.num(max(loads)));
        }
        return "";
    }

    /** The forks' load averages, for a decided claim's evidence: "forks' 1-minute load averages 0.41–1.90 on 2 cores (quiet: at most 2)". */
    static String quietNote(Collection<JmhScore> scores) {
        List<Double> loads = loads(scores);
        if (loads.isEmpty()) {
            return "";
        }
        int cores = scores.iterator().next().loads().cores();
        return String.format(Locale.ROOT, "forks' 1-minute load averages %s–%s on %d cores (quiet: at most %d)",
                Fmt.num(loads.stream().mapToDouble(Double::doubleValue).min().orElseThrow()), Fmt.num(max(loads)), cores, cores);
    }

    /**
     * Under a figure: its deciding forks' load averages and how many were not quiet, or that the run did not
     * record them; "" where no score has the forks a claim is decided on.
     */
    public static String pageNote(Collection<JmhScore> scores) {
        List<JmhScore> deciding = scores.stream().filter(s -> s != null && !s.forkMeans().isEmpty()).toList();
        if (deciding.isEmpty()) {
            return "";
        }
        if (deciding.stream().anyMatch(s -> !s.loads().recordedFor(s.forks()))) {
            return "Each fork's load average: not recorded by this run for every point a claim is decided on, so it cannot show "
                    + "the machine was quiet; no claim is decided on those points.";
        }
        List<Double> loads = loads(deciding);
        int cores = deciding.getFirst().loads().cores();
        long busy = loads.stream().filter(l -> !quiet(l, cores)).count();
        return String.format(Locale.ROOT, "Each fork's 1-minute load average at its end, at the points a claim is decided on: %s–%s "
                + "on %d cores; %d of %d forks above %d (not quiet: more runnable tasks than cores; no claim is decided on their scores).",
                Fmt.num(loads.stream().mapToDouble(Double::doubleValue).min().orElseThrow()), Fmt.num(max(loads)), cores, busy,
                loads.size(), cores);
    }

    private static List<Double> loads(Collection<JmhScore> scores) {
        return scores.stream().filter(s -> s != null).flatMap(s -> s.loads().oneMinute().stream()).toList();
    }

    private static double max(List<Double> loads) {
        return loads.stream().mapToDouble(Double::doubleValue).max().orElse(Double.NaN);
    }
}
