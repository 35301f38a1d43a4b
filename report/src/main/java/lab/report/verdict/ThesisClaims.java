package lab.report.verdict;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.report.results.JmhScore;

/**
 * The thesis' claims, judged in one place: the load-test claims of sections 4.2–4.3 on a load
 * run's verdicts, and the micro-benchmark claims of section 4.1 on a run's JMH scores. Two sets of
 * one kind, decided by the one verdict rule ({@link Verdict}) wherever two figures are compared.
 */
public final class ThesisClaims {

    /** A set of claims and what it was judged on. */
    public record ClaimSet(String name, String source, List<Claim> claims) {
    }

    private ThesisClaims() {
    }

    /**
     * Sections 4.2–4.3 on a load run (loadgen's results), each link judged on what the run measured of
     * it ({@code run}), and the conclusion's "much more complicated to use" counted from the source under
     * {@code root}.
     */
    public static ClaimSet load(List<AppVerdict> verdicts, Path root, LoadClaims.RunLink run) {
        List<Claim> claims = new ArrayList<>(LoadClaims.of(verdicts, run));
        claims.add(Complexity.claim(root));
        return new ClaimSet("load", "thesis 4.2–4.3 and 5, on this run's goodput and this repository's code", claims);
    }

    /** As above, the code counted in the clone this code was built in ({@link Complexity#sourceRoot}), wherever it runs from. */
    public static ClaimSet load(List<AppVerdict> verdicts, LoadClaims.RunLink run) {
        List<Claim> claims = new ArrayList<>(LoadClaims.of(verdicts, run));
        claims.add(Complexity.claim());
        return new ClaimSet("load", "thesis 4.2–4.3 and 5, on this run's goodput and this repository's code", claims);
    }

    /**
     * Section 4.1 (Table 4.1, Figures 4.1–4.5) on a micro-benchmark run.
     *
     * @param table      Table 4.1 scores by link id ("loopback", "lan")
     * @param pipelining Figures 4.1–4.3 scores by link id ("loopback", "lan", "wan")
     * @param horizontal Figure 4.4 scores (empty = not run)
     * @param vertical   Figure 4.5 scores (empty = not run)
     */
    public static ClaimSet micro(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining,
                                 List<JmhScore> horizontal, List<JmhScore> vertical) {
        return micro(table, pipelining, horizontal, vertical, MicroClaims.Links.NONE);
    }

    /** As above, each link judged on what the run measured of it ({@link MicroClaims.Links}). */
    public static ClaimSet micro(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining,
                                 List<JmhScore> horizontal, List<JmhScore> vertical, MicroClaims.Links links) {
        return new ClaimSet("micro", "thesis 4.1, on this run's JMH scores",
                MicroClaims.of(table, pipelining, horizontal, vertical, links));
    }

    /**
     * The opening line of the thesis page: the claims judged in the thesis' setting counted by label
     * ("11 of 14 reproduced, 2 exceeded, 1 not reproduced"), then those judged off it
     * ({@link Claim#offThesisSetting()}: another link or level), counted apart.
     */
    public static String summary(List<Claim> claims) {
        if (claims.isEmpty()) {
            return "No claim judged yet";
        }
        List<Claim> on = claims.stream().filter(c -> !c.offThesisSetting()).toList();
        List<Claim> off = claims.stream().filter(Claim::offThesisSetting).toList();
        List<String> parts = new ArrayList<>();
        if (!on.isEmpty()) {
            parts.add(counts(on));
        }
        if (!off.isEmpty()) {
            parts.add((on.isEmpty() ? "all judged off the thesis' setting (link, hosts, level or server): " : "judged off the thesis' setting "
                    + "(link, hosts, level or server), counted apart: ") + counts(off));
        }
        return String.join("; ", parts);
    }

    /** "k of n reproduced, then each other label that occurs, in the labels' order. */
    private static String counts(List<Claim> claims) {
        Map<Claim.Status, Long> by = new java.util.EnumMap<>(Claim.Status.class);
        claims.forEach(c -> by.merge(c.status(), 1L, Long::sum));
        List<String> parts = new ArrayList<>();
        parts.add(by.getOrDefault(Claim.Status.REPRODUCED, 0L) + " of " + claims.size() + " " + Claim.Status.REPRODUCED.label());
        by.forEach((status, n) -> {
            if (status != Claim.Status.REPRODUCED) {
                parts.add(n + " " + status.label());
            }
        });
        return String.join(", ", parts);
    }
}
