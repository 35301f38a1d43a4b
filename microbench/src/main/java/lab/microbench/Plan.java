package lab.microbench;

import java.util.List;

/**
 * Every parameter of a run, shown as is on the page. {@link #quick()} keeps the whole set of
 * experiments within a few minutes on a 2-core machine; {@link #full()} is the long version.
 */
public record Plan(
        String name,
        Jmh jmh,
        List<String> throughputBackends,
        List<String> throughputValidations,
        List<Integer> throughputThreads,
        int throughputConnections,
        List<String> drivers,
        Fairness fairness,
        Overhead overhead,
        int validationLoops) {

    /** JMH settings shared by the pool and driver benchmarks. */
    public record Jmh(int forks, int warmupIterations, int warmupMillis, int iterations, int iterationMillis) {
    }

    /** Seed 000 fairness: threads competing for fewer connections, each holding its connection briefly. */
    public record Fairness(int threads, int connections, int holdMicros, int seconds) {
    }

    /** Seed 003: rounds of operations (1 read : 10 writes) by as many threads as connections; round 0 discarded. */
    public record Overhead(int threads, int connections, int rounds, int opsPerRound, int waterfallOps) {
    }

    public static Plan quick() {
        return new Plan("quick", new Jmh(2, 1, 300, 2, 300),
                List.of("stub", "mysql"), List.of("NONE", "QUERY"), List.of(10, 20), 10,
                List.of("MARIADB", "MYSQL", "POSTGRESQL"),
                new Fairness(20, 10, 200, 3),
                new Overhead(20, 20, 6, 2_000, 60),
                5_000);
    }

    public static Plan full() {
        return new Plan("full", new Jmh(3, 5, 1_000, 5, 1_000),
                List.of("stub", "mysql"), List.of("NONE", "PING", "QUERY"), List.of(10, 20), 10,
                List.of("MARIADB", "MYSQL", "POSTGRESQL"),
                new Fairness(20, 10, 200, 20),
                new Overhead(20, 20, 6, 20_000, 100),
                5_000);
    }
}
