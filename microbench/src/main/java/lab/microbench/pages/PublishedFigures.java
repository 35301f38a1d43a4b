package lab.microbench.pages;

import java.util.List;
import java.util.Map;

/**
 * The seeds' own published figures, exactly as their articles print them, with the hardware
 * and versions they were measured on. Shown beside our figures, never mixed into them.
 */
final class PublishedFigures {

    private PublishedFigures() {
    }

    static final String HW_000 = "Seed 000 (Tomcat jdbc-pool article, 2010): Intel 8 cores @ 2.83 GHz, 12 GB RAM, Solaris 10, "
            + "Java 6, MySQL 5.2 local; jdbc-pool (Tomcat trunk), DBCP (Tomcat 6.0.20's, then DBCP 1.4), C3P0; "
            + "plain timed loops (no JMH), 1,000,000 getConnection().close() with 10 threads, 2,000,000 with 20 threads, 10 connections.";

    static final String HW_002 = "Seed 002 (MariaDB blog, 2016): one DigitalOcean droplet, 1 CPU, 512 MB, Ubuntu 16.04, Java 8u101, "
            + "MariaDB 10.1.17 on the same host; MariaDB Connector/J 1.5.3, MySQL Connector/J 5.1.39; JMH, µs/op (batch: ms/op).";

    static final String HW_003 = "Seed 003 (Wix, about 2013): hardware not given; MySQL; c3p0 0.9.5-pre3, BoneCP 0.8.0-rc1, DBCP 1.4; "
            + "20 threads, 20 connections, 6 rounds × 20,000 operations (read:write 1:10), round 0 discarded. "
            + "The post prints only a sample of c3p0's bucket counts (rounds 0 and 1).";

    static final String HW_004 = "Seed 004 (blog): Oracle 11g Express Edition, local, hardware not given; Oracle UCP and Tomcat jdbc-pool, "
            + "pool of 1, one thread, 5,000 getConnection().close(), System.currentTimeMillis().";

    /** Seed 000 throughput: pool as printed, threads, validation on borrow, iterations, total ms. */
    record Throughput(String pool, int threads, boolean validate, long iterations, long ms, String run) {
        double opsPerMs() {
            return (double) iterations / ms;
        }
    }

    static final List<Throughput> THROUGHPUT_000 = List.of(
            new Throughput("jdbc-pool", 10, false, 1_000_000, 4576, "first run"),
            new Throughput("DBCP (Tomcat 6.0.20)", 10, false, 1_000_000, 5239, "first run"),
            new Throughput("C3P0", 10, false, 1_000_000, 14915, "first run"),
            new Throughput("jdbc-pool", 20, false, 2_000_000, 8912, "first run"),
            new Throughput("jdbc-pool fair", 20, false, 2_000_000, 8918, "first run"),
            new Throughput("DBCP (Tomcat 6.0.20)", 20, false, 2_000_000, 11941, "first run"),
            new Throughput("C3P0", 20, false, 2_000_000, 35436, "first run"),
            new Throughput("jdbc-pool", 10, true, 1_000_000, 4532, "first run"),
            new Throughput("DBCP (Tomcat 6.0.20)", 10, true, 1_000_000, 14567, "first run"),
            new Throughput("C3P0", 10, true, 1_000_000, 24333, "first run"),
            new Throughput("jdbc-pool", 20, true, 2_000_000, 10072, "first run"),
            new Throughput("DBCP (Tomcat 6.0.20)", 20, true, 2_000_000, 37830, "first run"),
            new Throughput("C3P0", 20, true, 2_000_000, 53237, "first run"),
            new Throughput("jdbc-pool", 10, false, 1_000_000, 4359, "DBCP 1.4 run"),
            new Throughput("jdbc-pool fair", 10, false, 1_000_000, 4636, "DBCP 1.4 run"),
            new Throughput("DBCP 1.4", 10, false, 1_000_000, 9245, "DBCP 1.4 run"),
            new Throughput("jdbc-pool", 20, false, 2_000_000, 10923, "DBCP 1.4 run"),
            new Throughput("jdbc-pool fair", 20, false, 2_000_000, 12235, "DBCP 1.4 run"),
            new Throughput("DBCP 1.4", 20, false, 2_000_000, 44798, "DBCP 1.4 run"),
            new Throughput("DBCP 1.4", 20, true, 2_000_000, 46545, "DBCP 1.4 run"),
            new Throughput("jdbc-pool", 20, true, 2_000_000, 10968, "DBCP 1.4 run"),
            new Throughput("jdbc-pool fair", 20, true, 2_000_000, 12271, "DBCP 1.4 run"));

    /** Seed 000 fairness, 20 threads on 10 connections: fetch counts and waits (ms) as printed. */
    record Fairness(String label, long fetchMax, long fetchMin, double fetchAvg, double waitMaxMs, double waitMinMs, double waitAvgMs) {
    }

    static final List<Fairness> FAIRNESS_000 = List.of(
            new Fairness("jdbc-pool, non fair", 663, 538, 584.95, 300.17703, 0.000984, 14.759152),
            new Fairness("DBCP", 582, 451, 500.95, 559.72534, 0.004404, 19.971329),
            new Fairness("jdbc-pool, fair", 666, 595, 621.95, 135.05553, 0.001074, 12.990377),
            new Fairness("jdbc-pool, fair, getConnectionAsync", 501, 500, 500.5, 20.435827, 1.745131, 20.0076));

    /** Seed 002, local database: our benchmark method → (driver → score ± error), unit as printed. */
    record Score(double score, double error, String unit) {
    }

    static final Map<String, Map<String, Score>> DRIVERS_002 = Map.of(
            "select1RowText", Map.of("mariadb", new Score(62.715, 2.402, "µs/op"), "mysql", new Score(88.670, 3.505, "µs/op")),
            "select1RowPrepareHit", Map.of("mariadb", new Score(58.267, 2.270, "µs/op"), "mysql", new Score(73.789, 1.863, "µs/op")),
            "select1RowPrepareMiss", Map.of("mariadb", new Score(118.896, 5.500, "µs/op"), "mysql", new Score(150.679, 4.791, "µs/op")),
            "oneInsertText", Map.of("mariadb", new Score(68.363, 2.686, "µs/op")),
            "oneInsertPrepareHit", Map.of("mariadb", new Score(61.298, 1.940, "µs/op")),
            "batch1000InsertText", Map.of("mariadb", new Score(6.081, 0.254, "ms/op"), "mysql", new Score(7.932, 0.293, "ms/op")),
            "batch1000InsertPrepareHit", Map.of("mariadb", new Score(5.290, 0.232, "ms/op"), "mysql", new Score(9.015, 0.440, "ms/op")),
            "batch1000InsertRewrite", Map.of("mariadb", new Score(0.404, 0.014, "ms/op"), "mysql", new Score(0.592, 0.016, "ms/op")),
            "select1000Rows", Map.of("mariadb", new Score(244.228, 7.686, "µs/op"), "mysql", new Score(298.814, 12.143, "µs/op")),
            "callableStatementWithOutParameter", Map.of("mariadb", new Score(88.572, 4.263, "µs/op"), "mysql", new Score(714.108, 44.390, "µs/op")));

    /** Seed 003: the printed sample of c3p0's bucket counts, round 1 (the first measured round). */
    static final Map<String, List<Long>> C3P0_ROUND1_003 = Map.of(
            "acquire", List.of(0L, 125L, 8153L, 499L, 658L, 829L, 1588L, 2255L, 2470L, 2377L, 1013L, 33L, 0L, 0L, 0L),
            "execute", List.of(0L, 0L, 0L, 0L, 0L, 0L, 6L, 1730L, 6105L, 6768L, 5368L, 23L, 0L, 0L, 0L),
            "release", List.of(0L, 49L, 15722L, 3733L, 55L, 42L, 69L, 91L, 123L, 101L, 14L, 1L, 0L, 0L, 0L),
            "overhead", List.of(0L, 0L, 2497L, 5819L, 869L, 830L, 1610L, 2303L, 2545L, 2448L, 1042L, 37L, 0L, 0L, 0L));

    /** Seed 004: 5,000 borrow/return, total ms, per pool and validation (null = not measured in the seed). */
    record ValidationCost(String pool, Long none, Long ping, Long query) {
    }

    static final List<ValidationCost> VALIDATION_004 = List.of(
            new ValidationCost("Oracle UCP", 1526L, 2161L, 3188L),
            new ValidationCost("Tomcat jdbc-pool (validationInterval=0)", 172L, null, 1543L));

    static final String KILL_004 = "Seed 004 (Oracle UCP): without validation the next borrow handed out the killed session "
            + "(ORA-00028: your session has been killed); with validateConnectionOnBorrow (ping or query) a new connection "
            + "was opened behind the scenes (the pool needed a maximum size of 2 for that).";
}
