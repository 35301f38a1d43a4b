package lab.access.spi;

import io.netty.util.Timeout;
import lab.access.Timeouts;

/**
 * The one timeout policy of the non-blocking engines (Vert.x, R2DBC): a statement whose caller
 * gave up is cancelled on the server; if it then ends within {@link #MS}, the server answered the
 * cancel and the connection's answers are in step again, so the connection is kept; if not (a
 * silent server or link) it is closed, since a late answer could be taken for the next statement's.
 * A session's connection is closed after a timeout either way: its later statements queue behind it.
 */
public final class CancelBound {

    /** A server that answers a cancel does so in milliseconds. */
    public static final long MS = 1_000;

    private CancelBound() {
    }

    /** Runs {@code closeIfUnanswered} once the bound has passed since the cancel was sent; it checks whether the statement ended. */
    public static Timeout afterCancel(Runnable closeIfUnanswered) {
        return Timeouts.after(MS, closeIfUnanswered);
    }
}
