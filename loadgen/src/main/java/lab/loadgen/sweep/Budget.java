package lab.loadgen.sweep;

/**
 * The profile's time limit, shared out: a scenario may add a round while the time left, less what
 * the scenarios still to come will take, leaves it a fair share at least one round long. What is to
 * come is its plan scaled by the overrun measured so far: a scenario's planned part (its repetitions,
 * point warm-ups and pauses) also starts wrk, scrapes, waits for idle instances and probes the link,
 * which the plan does not count (the map took 28 min for 24 planned while every scenario kept adding
 * rounds).
 */
final class Budget {
    /** The share of a round kept back for each scenario still to come. */
    static final double RESERVE_ROUNDS_PER_SCENARIO = 0.5;
    /**
     * ... and for a round that can change only a cell's ranking line: the rounds that may change a
     * cell's answer come first, whichever scenario they are in.
     */
    static final double RANKING_RESERVE_ROUNDS_PER_SCENARIO = 2.0;
    private final Integer limitSec;
    private final long start = System.nanoTime();
    private double plannedLeftSec;
    private double warmupsLeftSec;
    private int scenariosLeft;
    /** The scenario running now: its slow points' longer repetitions, beyond its plan. */
    private double stretchedSec;
    private double plannedDoneSec;
    private double tookDoneSec;

    /**
     * {@code plannedSec}: the scenarios' planned parts; {@code warmupsSec}: every instance's warm-up at
     * its cap, each charged until {@link #warmedUp}.
     */
    Budget(Integer limitSec, double plannedSec, double warmupsSec, int scenarios) {
        this.limitSec = limitSec;
        this.plannedLeftSec = plannedSec;
        this.warmupsLeftSec = warmupsSec;
        this.scenariosLeft = scenarios;
    }

    /**
     * How many times its plan a scenario's planned part has taken so far (at least 1; 1 before the
     * first): its added rounds and its instances' warm-ups left out, they are charged apart.
     */
    double overrun() {
        return plannedDoneSec > 0 ? Math.max(1, tookDoneSec / plannedDoneSec) : 1;
    }

    /**
     * Whether one more round of {@code roundSec} fits: the time left beyond what is to come, less half a
     * round kept for each scenario still to come (for its rounds and its slow points' longer
     * repetitions). An equal share per scenario (the rule before) gave the map's first scenarios about
     * 8 s each, never a round, so the cells that needed rounds most (0 ms and lan, where the modes are
     * closest) never got one. A round that can change only the cell's ranking line ({@code cell} false)
     * keeps back {@link #RANKING_RESERVE_ROUNDS_PER_SCENARIO} instead.
     */
    boolean allows(double roundSec, double thisScenarioPlannedSec, boolean cell) {
        return allows(roundSec, thisScenarioPlannedSec, elapsedSec(),
                cell ? RESERVE_ROUNDS_PER_SCENARIO : RANKING_RESERVE_ROUNDS_PER_SCENARIO);
    }

    /** ... when {@code elapsedSec} of the run have passed, keeping back {@code reserveRounds} of a round for each scenario to come. */
    boolean allows(double roundSec, double thisScenarioPlannedSec, double elapsedSec, double reserveRounds) {
        if (limitSec == null) {
            return true;
        }
        double toCome = overrun() * (plannedLeftSec - thisScenarioPlannedSec) + warmupsLeftSec;
        double slack = limitSec - elapsedSec - toCome;
        return slack - reserveRounds * roundSec * Math.max(0, scenariosLeft - 1) >= roundSec;
    }

    /**
     * The repetition length a slow point gets ({@code wantedSec}, else as much more than the plan's as
     * the time left beyond what is to come pays for its {@code repetitions}, and never less than half
     * of what it wants), its extra time charged to its scenario so that later rounds see it.
     */
    int stretch(int wantedSec, int planSec, int repetitions) {
        if (wantedSec <= planSec || limitSec == null) {
            return Math.max(wantedSec, planSec);
        }
        // half of what it wants is about two mean replies a connection, whatever the budget: shorter, a
        // repetition reads the goodput low (jdbc at 78 ms and 200 connections, a reply 1.9 s, got 3 s
        // repetitions: about one reply a connection, a third of its goodput lost to the start)
        int floor = Math.max(planSec, (wantedSec + 1) / 2);
        double slack = limitSec - elapsedSec() - overrun() * plannedLeftSec - stretchedSec - warmupsLeftSec;
        int sec = (int) Math.max(floor, Math.min(wantedSec, planSec + Math.max(0, Math.floor(slack / repetitions))));
        stretchedSec += (double) (sec - planSec) * repetitions;
        return sec;
    }

    /** The time a run still needs: expected, and at most (its budget's end; null without a budget). */
    record ToCome(double expectedSec, Double atMostSec) {
    }

    /**
     * The time to come once the running scenario (planned {@code thisScenarioPlannedSec}) ends: the
     * planned parts left, times the overrun so far, and the warm-ups still to come. A scenario's points
     * are printed together at its end, after its instances' warm-ups: the share of the plan done, set
     * against the time elapsed (the rule before), gave the map's first point an ETA of 5:10:39, its
     * fifth 58:38, for a run of 26 minutes.
     */
    ToCome toCome(double thisScenarioPlannedSec) {
        double expected = Math.max(0, overrun() * (plannedLeftSec - thisScenarioPlannedSec) + warmupsLeftSec);
        Double atMost = limitSec == null ? null : Math.max(expected, limitSec - elapsedSec());
        return new ToCome(expected, atMost);
    }

    /** An instance's warm-up ran: its cap is no longer to come. */
    void warmedUp(double capSec) {
        warmupsLeftSec = Math.max(0, warmupsLeftSec - capSec);
    }

    /**
     * A scenario ended: {@code plannedSec} its plan, {@code tookSec} what its planned part took (its
     * added rounds and warm-ups left out).
     */
    void scenarioDone(double plannedSec, double tookSec) {
        plannedLeftSec -= plannedSec;
        plannedDoneSec += plannedSec + stretchedSec;
        tookDoneSec += tookSec;
        stretchedSec = 0;
        scenariosLeft--;
    }

    private double elapsedSec() {
        return (System.nanoTime() - start) / 1e9;
    }
}
