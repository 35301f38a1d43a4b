package lab.microbench.thesis;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import lab.microbench.Plan;
import lab.microbench.jmh.JmhForks;
import lab.microbench.jmh.JmhRun;
import lab.microbench.pages.Json;
import lab.report.results.JmhScore;
import lab.report.verdict.Claim;
import lab.report.verdict.MicroClaims;
import org.openjdk.jmh.runner.RunnerException;

/**
 * The JMH runs of one figure of 4.1–4.5 planned per claim ({@link ThesisPlan}): its deciding points
 * first, with more forks while a claim they decide is left inconclusive (adaptive forks, within the
 * plan's {@link ThesisPlan#topUp} for the whole run), then the rest of its curves at one fork, joined
 * into the figure's file; and the note under the figure that says so ({@link #note}).
 */
final class FigureRuns {

    /** Meta parameter: figure → its adaptive forks ({@link #topUp}), or why it got none. */
    static final String TOP_UPS = "forksAdded";

    /** What is left of the plan's time for more forks where a claim is undecided. */
    private Duration left;

    FigureRuns(Duration topUp) {
        this.left = topUp;
    }

    /** Points of one JMH run: its settings, engines, variants and request, server or connection counts. */
    record Points(Plan.Jmh jmh, List<String> engines, List<String> variants, List<Integer> counts) {

        Points of(List<String> someEngines) {
            return new Points(jmh, someEngines, variants, counts);
        }
    }

    /**
     * A figure's JMH runs joined into {@code file}: its {@code deciding} points first, topped up with more
     * forks while a claim of {@code figure} they decide is left inconclusive ({@link #topUp}), then the
     * other points of its curves ({@code runOf} makes each run, given its points and its part file).
     */
    void run(Path file, Points deciding, List<Points> elsewhere, BiFunction<Points, Path, JmhRun> runOf,
             String figure, Function<List<JmhScore>, List<Claim>> judge, Map<String, Object> parameters)
            throws RunnerException, IOException {
        List<Path> parts = new ArrayList<>();
        Path first = part(file, 0);
        long started = System.nanoTime();
        runOf.apply(deciding, first).run();
        topUp(first, deciding, Duration.ofNanos(System.nanoTime() - started), runOf, figure, judge, parameters);
        parts.add(first);
        for (Points p : elsewhere) {
            if (!p.counts().isEmpty()) {
                Path part = part(file, parts.size());
                runOf.apply(p, part).run();
                parts.add(part);
            }
        }
        Json.concatArrays(parts, file);
    }

    private static Path part(Path file, int n) {
        return file.resolveSibling(file.getFileName() + ".part" + n);
    }

    /**
     * Adaptive forks: where a claim of {@code figure} is inconclusive on the deciding points in {@code part},
     * its engines' deciding points run as many forks again, joined into {@code part} ({@link JmhForks}), once,
     * and only if the time that takes (estimated from {@code took}, their share of the first run) fits in what
     * is left of the plan's {@link ThesisPlan#topUp}. Each top-up, or why none, goes to the meta ({@link #TOP_UPS}).
     */
    private void topUp(Path part, Points deciding, Duration took, BiFunction<Points, Path, JmhRun> runOf, String figure,
                       Function<List<JmhScore>, List<Claim>> judge, Map<String, Object> parameters) throws RunnerException, IOException {
        List<Claim> open = judge.apply(JmhScore.read(part)).stream()
                .filter(c -> MicroClaims.about(c, figure, null) && c.status() == Claim.Status.INCONCLUSIVE).toList();
        List<String> engines = deciding.engines().stream().filter(e -> deciding.engines().size() == 1
                || open.stream().anyMatch(c -> MicroClaims.about(c, figure, e))).toList();
        if (open.isEmpty() || engines.isEmpty()) {
            return;
        }
        Duration needs = took.multipliedBy(engines.size()).dividedBy(deciding.engines().size());
        String what = String.format(Locale.ROOT, "%s: %d claim(s) inconclusive on %d fork(s) a side", figure, open.size(),
                deciding.jmh().forks());
        @SuppressWarnings("unchecked")
        List<String> record = ((Map<String, List<String>>) parameters.computeIfAbsent(TOP_UPS, k -> new LinkedHashMap<String, List<String>>()))
                .computeIfAbsent(figure, k -> new ArrayList<>());
        if (needs.compareTo(left) > 0) {
            record.add(what + "; no more forks: about " + needs.toSeconds() + " s, " + left.toSeconds() + " s of the plan's top-up left");
            System.out.println("[thesis] " + record.getLast());
            return;
        }
        System.out.printf("[thesis] %s: %d more forks at %s's deciding points (about %d s of %d s left for more forks)%n", what,
                deciding.jmh().forks(), String.join(", ", engines), needs.toSeconds(), left.toSeconds());
        Path more = part.resolveSibling(part.getFileName() + ".more");
        long started = System.nanoTime();
        runOf.apply(deciding.of(engines), more).run();
        JmhForks.add(part, more);
        Duration spent = Duration.ofNanos(System.nanoTime() - started);
        left = left.minus(spent).isNegative() ? Duration.ZERO : left.minus(spent);
        record.add(what + "; " + deciding.jmh().forks() + " more at " + String.join(", ", engines) + "'s deciding points ("
                + spent.toSeconds() + " s)");
    }

    /**
     * The JMH settings under a figure: the points a claim is decided on have the forks of an interval
     * ({@link JmhScore#MIN_FORKS} or more, and more where a claim was left undecided: {@code added}, the
     * figure's {@link #TOP_UPS}), the rest of each curve one (ThesisPlan.curve).
     */
    static String note(List<JmhScore> scores, List<String> added) {
        Function<Boolean, String> of = deciding -> String.join("; ", scores.stream()
                .filter(x -> x.forks() >= JmhScore.MIN_FORKS == deciding)
                .sorted(Comparator.comparingInt(JmhScore::forks).reversed()).map(JmhScore::settings).distinct().toList());
        String deciding = of.apply(true);
        String curve = of.apply(false);
        return (deciding.isEmpty() || curve.isEmpty() ? deciding + curve : deciding + " at the points a claim is decided on; where "
                + "none is (a line of the chart only): " + curve) + ". 2 cores shared by client, servers and other work."
                + (added.isEmpty() ? "" : " More forks where a claim was undecided: " + String.join("; ", added) + ".");
    }
}
