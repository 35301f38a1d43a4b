package lab.access;

import java.time.Duration;

/**
 * Tuning for one client. Every queue is bounded (thesis 3.3.2): at most {@code poolSize}
 * calls run and at most {@code queueBound} more wait; beyond that {@code overflow} decides.
 *
 * @param poolSize        database connections (HikariCP or Vert.x pool)
 * @param executorThreads threads of the {@code threadpool} executor (ignored by other modes)
 * @param queueBound      calls allowed to wait for a connection or an executor thread
 * @param overflow        what a call does when the queue is full
 * @param handOff         {@code threadpool} session scheduling (thesis 4.2)
 * @param pipeliningLimit {@code nonblocking}: requests in flight per connection (1 = off)
 * @param connectTimeout  opening a connection, and waiting for a pooled one
 * @param queryTimeout    one call, from submission to result
 * @param eventLoops      {@code nonblocking}: Vert.x event-loop threads (0 = one per core)
 */
public record ClientOptions(
        int poolSize,
        int executorThreads,
        int queueBound,
        Overflow overflow,
        HandOff handOff,
        int pipeliningLimit,
        Duration connectTimeout,
        Duration queryTimeout,
        int eventLoops) {

    public enum Overflow {
        /** The stage fails at once with {@link OverloadedException}. */
        FAIL,
        /** The caller waits up to {@code connectTimeout} for room, then fails. */
        BLOCK
    }

    public enum HandOff {
        /** After each call a session goes to the back of the executor queue. */
        FAIR,
        /** A thread that finishes a session's call runs that session's next call right away. */
        UNFAIR
    }

    public ClientOptions {
        require(poolSize >= 1, "poolSize must be >= 1");
        require(executorThreads >= 1, "executorThreads must be >= 1");
        require(queueBound >= 0, "queueBound must be >= 0");
        require(pipeliningLimit >= 1, "pipeliningLimit must be >= 1");
        require(eventLoops >= 0, "eventLoops must be >= 0");
        require(overflow != null && handOff != null, "overflow and handOff are required");
        require(connectTimeout != null && !connectTimeout.isNegative() && !connectTimeout.isZero(), "connectTimeout must be > 0");
        require(queryTimeout != null && !queryTimeout.isNegative() && !queryTimeout.isZero(), "queryTimeout must be > 0");
    }

    public static ClientOptions defaults() {
        return new ClientOptions(10, 50, 1_000, Overflow.FAIL, HandOff.UNFAIR, 256,
                Duration.ofSeconds(3), Duration.ofSeconds(10), 0);
    }

    public ClientOptions withPoolSize(int v) {
        return new ClientOptions(v, executorThreads, queueBound, overflow, handOff, pipeliningLimit, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withExecutorThreads(int v) {
        return new ClientOptions(poolSize, v, queueBound, overflow, handOff, pipeliningLimit, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withQueueBound(int v) {
        return new ClientOptions(poolSize, executorThreads, v, overflow, handOff, pipeliningLimit, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withOverflow(Overflow v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, v, handOff, pipeliningLimit, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withHandOff(HandOff v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, overflow, v, pipeliningLimit, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withPipeliningLimit(int v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, overflow, handOff, v, connectTimeout, queryTimeout, eventLoops);
    }

    public ClientOptions withConnectTimeout(Duration v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, overflow, handOff, pipeliningLimit, v, queryTimeout, eventLoops);
    }

    public ClientOptions withQueryTimeout(Duration v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, overflow, handOff, pipeliningLimit, connectTimeout, v, eventLoops);
    }

    public ClientOptions withEventLoops(int v) {
        return new ClientOptions(poolSize, executorThreads, queueBound, overflow, handOff, pipeliningLimit, connectTimeout, queryTimeout, v);
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
