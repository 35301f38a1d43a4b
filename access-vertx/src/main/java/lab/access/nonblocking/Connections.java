package lab.access.nonblocking;

import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.locks.ReentrantLock;
import lab.access.ForkJoin;
import lab.access.SourceUnavailableException;
import lab.access.spi.CallGate;

/**
 * Where {@code nonblocking} calls get a connection: the source's Vert.x pool of {@code poolSize}
 * connections, either leased whole ({@link #lease}: transactions, and every session when
 * multiplexing is off) or shared as pipelined {@link Lane}s ({@link #pickLane}: multiplexing on).
 * Both draw on the same pool, so a source never has more than {@code poolSize} connections.
 *
 * <p>A session sticks to one lane while it has calls in flight, so its calls keep their order;
 * it goes to the least-loaded lane, and a new lane is opened while all are busy and the pool has
 * room. A transaction waiting for a connection while lanes hold the whole pool makes the
 * least-loaded lane drain (take no new sessions) and go back to the pool once idle.
 */
final class Connections {

    private final Vertx vertx;
    private final Pool pool;
    private final CallGate gate;
    private final ServerCancel cancel;
    private final int max;
    private final ReentrantLock lock = new ReentrantLock();
    private final List<Lane> lanes = new ArrayList<>(); // guarded by lock
    private int leased; // whole connections held by sessions; guarded by lock

    Connections(Vertx vertx, Pool pool, CallGate gate, ServerCancel cancel, int poolSize) {
        this.vertx = vertx;
        this.pool = pool;
        this.gate = gate;
        this.cancel = cancel;
        this.max = poolSize;
    }

    /** A whole connection for one call; it goes back to the pool when the call's statement ends. */
    Future<Leased> borrow() {
        return connection().map(c -> new Leased(c, cancel.serverId(c)));
    }

    /** A whole connection for a session until {@link #giveBack}; makes a lane drain when the lanes fill the pool. */
    Future<Leased> lease() {
        lock.lock();
        try {
            leased++;
            if (lanes.size() + leased > max) {
                lanes.stream().filter(l -> !l.draining).min(Comparator.comparingInt(l -> l.load)).ifPresent(this::drain);
            }
        } finally {
            lock.unlock();
        }
        return connection().map(c -> new Leased(c, cancel.serverId(c)))
                .onFailure(e -> giveBack(null, false));
    }

    /** @param abandon a statement on it went unanswered: close it rather than lend it again */
    void giveBack(Leased connection, boolean abandon) {
        lock.lock();
        try {
            leased--;
        } finally {
            lock.unlock();
        }
        if (connection != null) {
            if (abandon) {
                connection.abandon();
            } else {
                connection.close();
            }
        }
    }

    /** The lane for a session's next calls (its load already counts one call); release each call with {@link #left}. */
    Lane pickLane() {
        lock.lock();
        try {
            Lane best = lanes.stream().filter(l -> !l.draining).min(Comparator.comparingInt(l -> l.load)).orElse(null);
            if (best == null || best.load > 0 && lanes.size() + leased < max) {
                best = open();
            }
            best.load++;
            return best;
        } finally {
            lock.unlock();
        }
    }

    /** One more call on a lane the session already uses. */
    void joined(Lane lane) {
        lock.lock();
        try {
            lane.load++;
        } finally {
            lock.unlock();
        }
    }

    /** A call on the lane ended; one that lost its connection makes the lane drain, so later calls get a fresh one. */
    void left(Lane lane, Throwable error) {
        lock.lock();
        try {
            lane.load--;
            if (error != null && ForkJoin.unwrap(error) instanceof SourceUnavailableException) {
                lane.draining = true;
            }
            if (lane.load == 0 && lane.draining) {
                release(lane);
            }
        } finally {
            lock.unlock();
        }
    }

    /**
     * A call timed out: stop its statement on the server. Its connection, a lane too, stays in use if
     * the statement then ends within {@code CancelBound}; {@link VertxRunner} abandons it otherwise.
     */
    void cancel(Leased connection) {
        cancel.cancel(connection);
    }

    /**
     * Vert.x has nothing like HikariCP's {@code minimumIdle} and {@code keepaliveTime}, and the
     * read-idle timeout ({@link VertxPools}) closes a connection that has read nothing for
     * {@code queryTimeout + connectTimeout}: an idle instance would lose the connections it warmed
     * before its health said UP, and its next page would wait for new ones. So, while no call is in
     * flight, each idle lane and each connection the pool may lend gets one round trip; the pool
     * opens those it lacks, so it stays full. Called by a timer well within the read-idle timeout.
     */
    void keepWarm() {
        if (gate.isClosed() || gate.inFlight() > 0) {
            return;
        }
        List<Lane> idle;
        int free;
        lock.lock();
        try {
            idle = lanes.stream().filter(l -> l.load == 0 && !l.draining).toList();
            free = max - lanes.size() - leased;
        } finally {
            lock.unlock();
        }
        idle.forEach(lane -> lane.connection.onSuccess(leased -> ping(leased.connection())));
        for (int i = 0; i < free; i++) {
            connection().onSuccess(c -> ping(c).onComplete(done -> c.close()));
        }
    }

    private static Future<?> ping(SqlConnection connection) {
        return connection.query("SELECT 1").execute();
    }

    private Lane open() {
        Future<Leased> connecting = connection().map(c -> new Leased(c, cancel.serverId(c)));
        Lane lane = new Lane(connecting);
        lanes.add(lane);
        connecting.onComplete(leased -> leased.connection().closeHandler(ignored -> forget(lane)), error -> forget(lane));
        return lane;
    }

    private void drain(Lane lane) {
        lane.draining = true;
        if (lane.load == 0) {
            release(lane);
        }
    }

    private void release(Lane lane) {
        lanes.remove(lane);
        lane.connection.onSuccess(Leased::close);
    }

    /** The lane's connection failed or was closed (read-idle timeout, server gone): later calls open another. */
    private void forget(Lane lane) {
        lock.lock();
        try {
            lanes.remove(lane);
        } finally {
            lock.unlock();
        }
    }

    /**
     * A pooled connection within {@code connectTimeout}; failures name the source. The pool's own
     * timer only bounds a wait in its queue: a connection it opens for the request at once is
     * bounded by TCP's connect timeout, but its handshake is not (a server that accepts and never
     * greets holds it until the read-idle timeout), hence this bound; a connection that comes
     * later goes back to the pool.
     */
    private Future<SqlConnection> connection() {
        Future<SqlConnection> asked;
        Promise<SqlConnection> bounded = Promise.promise();
        long timer;
        try {
            asked = pool.getConnection();
            // a Vert.x timer, cancelled as soon as the connection comes: this is on every call's path
            timer = vertx.setTimer(gate.connectTimeoutMs(),
                    id -> bounded.tryFail(new TimeoutException("no connection within " + gate.connectTimeoutMs() + " ms")));
        } catch (RuntimeException e) { // a closed client's event loops refuse the task
            return Future.failedFuture(VertxErrors.noConnection(gate, e));
        }
        asked.onComplete(connection -> {
            vertx.cancelTimer(timer);
            if (!bounded.tryComplete(connection)) {
                connection.close();
            }
        }, error -> {
            vertx.cancelTimer(timer);
            bounded.tryFail(error);
        });
        return bounded.future().recover(error -> Future.failedFuture(VertxErrors.noConnection(gate, error)));
    }
}
