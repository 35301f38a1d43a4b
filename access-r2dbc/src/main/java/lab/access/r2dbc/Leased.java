package lab.access.r2dbc;

import io.r2dbc.spi.Connection;
import io.r2dbc.spi.Wrapped;
import java.util.concurrent.atomic.AtomicBoolean;
import reactor.core.publisher.Mono;

/**
 * A connection lent by the pool: the pool's handle (statements, transactions, giving it back) and
 * the driver's connection behind it (the server-side cancel, closing it). A connection on which a
 * statement went unanswered is {@link #broken}: its next answer could be taken for the next
 * statement's, so it goes back to be closed, never to be lent again.
 */
final class Leased {

    final Connection pooled;
    final Connection physical;
    /** MySQL: the server's thread id, for {@code KILL QUERY}; null on PostgreSQL. */
    final Long serverId;
    private final AtomicBoolean returned = new AtomicBoolean();
    private volatile boolean broken;

    @SuppressWarnings("unchecked")
    Leased(Connection pooled, Connector connector) {
        this.pooled = pooled;
        this.physical = pooled instanceof Wrapped<?> w ? ((Wrapped<Connection>) w).unwrap() : pooled;
        this.serverId = connector.serverId(physical);
    }

    void markBroken() {
        broken = true;
    }

    boolean broken() {
        return broken;
    }

    /** Closes the socket now: a statement still waiting for its answer fails, and so does what is queued behind it. */
    void abandon() {
        broken = true;
        Mono.from(physical.close()).onErrorComplete().subscribe();
    }

    /** True once only: the pool's handle may be closed (given back) a single time. */
    boolean takeBack() {
        return returned.compareAndSet(false, true);
    }
}
