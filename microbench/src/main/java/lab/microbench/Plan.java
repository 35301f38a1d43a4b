package lab.microbench;

import java.util.List;

/**
 * Every parameter of a run, shown as is on the page. {@link #quick()} keeps the whole set of
 * experiments within a few minutes on a 2-core machine: short JMH iterations, but 2 forks × 5
 * measured iterations (10 samples) so that the errors can get under 20 % of the score; three
 * throughput scenarios (the pool alone, on the stub driver, at 10 and 20 threads; validation by
 * query against MariaDB at 20 threads), no pgjdbc.
 * {@link #full()} runs every combination, longer.
 */
public record Plan(
        String name,
        Jmh jmh,
        List<Throughput> throughput,
        int throughputConnections,
        List<String> drivers,
        Fairness fairness,
        Overhead overhead,
        int validationLoops) {

    /** JMH settings shared by the pool and driver benchmarks. */
    public record Jmh(int forks, int warmupIterations, int warmupMillis, int iterations, int iterationMillis) {

        /** The same settings with {@code n} forks. */
        public Jmh withForks(int n) {
            return new Jmh(n, warmupIterations, warmupMillis, iterations, iterationMillis);
        }
    }

    /** One JMH run of seed 000's throughput benchmark: a thread count, and every backend × validation listed. */
    public record Throughput(int threads, List<String> backends, List<String> validations) {
        public String file() {
            return "pools-throughput-t" + threads + "-" + String.join("+", backends) + ".json";
        }
    }

    /** Seed 000 fairness: threads competing for fewer connections, each holding its connection briefly. */
    public record Fairness(int threads, int connections, int holdMicros, int seconds) {
    }

    /** Seed 003: rounds of operations (1 read : 10 writes) by as many threads as connections; round 0 discarded. */
    public record Overhead(int threads, int connections, int rounds, int opsPerRound, int waterfallOps) {
    }

    public static Plan quick() {
        return new Plan("quick", new Jmh(2, 2, 300, 5, 500),
                List.of(new Throughput(10, List.of("stub"), List.of("NONE")),
                        new Throughput(20, List.of("stub"), List.of("NONE")),
                        new Throughput(20, List.of("mysql"), List.of("QUERY"))),
                10,
                List.of("MARIADB", "MYSQL"),
                new Fairness(20, 10, 200, 2),
                new Overhead(20, 20, 6, 2_000, 60),
                5_000);
    }

    public static Plan full() {
        List<String> backends = List.of("stub", "mysql");
        List<String> validations = List.of("NONE", "PING", "QUERY");
        return new Plan("full", new Jmh(3, 5, 1_000, 5, 1_000),
                List.of(new Throughput(10, backends, validations), new Throughput(20, backends, validations)),
                10,
                List.of("MARIADB", "MYSQL", "POSTGRESQL"),
                new Fairness(20, 10, 200, 20),
                new Overhead(20, 20, 6, 20_000, 100),
                5_000);
    }
}
