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
 * @param connectTimeout  opening a connection, and waiting for a pooled one (JDBC: a caller with a
 *                        deadline waits for a busy pool as long as it allows; access-api README)
 * @param queryTimeout    one call, from submission to result
 * @param eventLoops      {@code nonblocking}, {@code r2dbc}: event-loop threads of the engine's shared
 *                        Vert.x or Reactor Netty loops, set by the JVM's first client (0 = one per core)
 * @param multiplex       {@code nonblocking}: sessions' queries share the pool's pipelined connections
 *                        instead of leasing one each (transactions still get their own); see README
 * @param tls             TLS to the server: off, or verifying it against a CA ({@link DbTls})
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
        int eventLoops,
        boolean multiplex,
        DbTls tls) {

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
        require(overflow != null && handOff != null && tls != null, "overflow, handOff and tls are required");
        require(connectTimeout != null && !connectTimeout.isNegative() && !connectTimeout.isZero(), "connectTimeout must be > 0");
        require(queryTimeout != null && !queryTimeout.isNegative() && !queryTimeout.isZero(), "queryTimeout must be > 0");
    }

    /** The lab's defaults; TLS as this process's environment says ({@link DbTls#fromEnv()}: off unless {@value DbTls#ENV} is set). */
    public static ClientOptions defaults() {
        return new ClientOptions(10, 50, 1_000, Overflow.FAIL, HandOff.UNFAIR, 256,
                Duration.ofSeconds(3), Duration.ofSeconds(10), 0, true, DbTls.fromEnv());
    }

    /** A copy with another poolSize: database connections per source. */
    public ClientOptions withPoolSize(int v) { return edit(e -> e.poolSize = v); }

    /** A copy with another executorThreads: {@code threadpool} executor threads. */
    public ClientOptions withExecutorThreads(int v) { return edit(e -> e.executorThreads = v); }

    /** A copy with another queueBound: calls that may wait beyond the pool. */
    public ClientOptions withQueueBound(int v) { return edit(e -> e.queueBound = v); }

    /** A copy with another overflow: what a call does when the queue is full. */
    public ClientOptions withOverflow(Overflow v) { return edit(e -> e.overflow = v); }

    /** A copy with another handOff: {@code threadpool} session scheduling. */
    public ClientOptions withHandOff(HandOff v) { return edit(e -> e.handOff = v); }

    /** A copy with another pipeliningLimit: requests in flight per {@code nonblocking} connection. */
    public ClientOptions withPipeliningLimit(int v) { return edit(e -> e.pipeliningLimit = v); }

    /** A copy with another connectTimeout: bound on opening a connection and waiting for one. */
    public ClientOptions withConnectTimeout(Duration v) { return edit(e -> e.connectTimeout = v); }

    /** A copy with another queryTimeout: bound on one call, submission to result. */
    public ClientOptions withQueryTimeout(Duration v) { return edit(e -> e.queryTimeout = v); }

    /** A copy with another eventLoops: Vert.x or Reactor Netty event loops, 0 = one per core. */
    public ClientOptions withEventLoops(int v) { return edit(e -> e.eventLoops = v); }

    /** A copy with another multiplex: {@code nonblocking} sessions share pipelined connections. */
    public ClientOptions withMultiplex(boolean v) { return edit(e -> e.multiplex = v); }

    /** A copy with another tls: off, or verifying the server against a CA. */
    public ClientOptions withTls(DbTls v) { return edit(e -> e.tls = v); }

    private ClientOptions edit(java.util.function.Consumer<Edit> change) {
        Edit e = new Edit(this);
        change.accept(e);
        return e.build();
    }

    /** The components as mutable fields, so that each {@code withX} names only what it changes. */
    private static final class Edit {
        int poolSize;
        int executorThreads;
        int queueBound;
        Overflow overflow;
        HandOff handOff;
        int pipeliningLimit;
        Duration connectTimeout;
        Duration queryTimeout;
        int eventLoops;
        boolean multiplex;
        DbTls tls;

        Edit(ClientOptions o) {
            poolSize = o.poolSize;
            executorThreads = o.executorThreads;
            queueBound = o.queueBound;
            overflow = o.overflow;
            handOff = o.handOff;
            pipeliningLimit = o.pipeliningLimit;
            connectTimeout = o.connectTimeout;
            queryTimeout = o.queryTimeout;
            eventLoops = o.eventLoops;
            multiplex = o.multiplex;
            tls = o.tls;
        }

        ClientOptions build() {
            return new ClientOptions(poolSize, executorThreads, queueBound, overflow, handOff, pipeliningLimit,
                    connectTimeout, queryTimeout, eventLoops, multiplex, tls);
        }
    }

    private static void require(boolean ok, String message) {
        if (!ok) {
            throw new IllegalArgumentException(message);
        }
    }
}
