package lab.report.verdict;

import lab.report.verdict.Claim.Status;

/**
 * A smoke run, of the load sweep (PROFILE=smoke) or of the thesis' micro-benchmarks (--smoke, as
 * make thesis-quick runs them), checks that everything runs: too few repetitions, or too short a
 * warm-up (the smoke plan's is a fraction of the one its claims were tuned on), for an answer. No
 * claim is decided on it.
 */
public final class Smoke {

    /** The name of the smoke profile (load) and plan (micro), as their results record it. */
    public static final String NAME = "smoke";

    private Smoke() {
    }

    /** Whether {@code profileOrPlan}, a load run's profile or a micro run's plan, is the smoke one. */
    public static boolean is(String profileOrPlan) {
        return NAME.equals(profileOrPlan);
    }

    /** "To decide" for a micro claim of a smoke run: the plan's own run. */
    static final String MICRO_TO_DECIDE = "to decide: the thesis plan's run (make thesis: microbench run --only thesis --quick), "
            + "whose forks have the warm-up its claims were tuned on; a smoke run (--smoke, make thesis-quick) decides nothing";

    /** {@code c}, measured in a smoke run: inconclusive with what would decide it, unless it was not measured at all. */
    public static Claim undecided(Claim c) {
        if (c.status() == Status.NOT_MEASURED) {
            return c;
        }
        // one "to decide" naming everything a claim already undecided would need
        String more = c.evidence().contains("to decide: ") ? MICRO_TO_DECIDE.replaceFirst("to decide: ", "and ") : MICRO_TO_DECIDE;
        return new Claim(c.source(), c.claim(), Status.INCONCLUSIVE, c.evidence() + "; " + more, c.offSetting(), c.sentence());
    }
}
