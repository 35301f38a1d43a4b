package lab.shop.http;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.concurrent.ScheduledFuture;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Slow clients cannot hold a connection forever: once the first bytes of a request arrive, the
 * whole request must follow within the timeout, or the connection is closed. (Silent connections
 * are the {@code IdleStateHandler}'s job.) One per channel, in front of the HTTP codec.
 */
final class RequestDeadline extends ChannelInboundHandlerAdapter {

    private final long timeoutNanos;
    private ScheduledFuture<?> pending;

    RequestDeadline(Duration timeout) {
        this.timeoutNanos = timeout.toNanos();
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (pending == null) {
            pending = ctx.executor().schedule(() -> {
                pending = null;
                ctx.close();
            }, timeoutNanos, TimeUnit.NANOSECONDS);
        }
        ctx.fireChannelRead(msg);
    }

    /** The request is complete (called by the handler, on the event loop). */
    void received() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        received();
        super.channelInactive(ctx);
    }
}
