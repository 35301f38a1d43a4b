package lab.shop.http;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.timeout.IdleStateEvent;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.RejectedExecutionException;
import lab.access.Deadline;
import lab.access.ForkJoin;
import lab.access.Timeouts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One per connection. Routes each request to its page, and when the page's stage completes —
 * on whatever thread the access mode completes it — renders and writes the answer on this
 * channel's event loop. Requests a client pipelines are answered one after another, in order.
 */
final class ShopHandler extends SimpleChannelInboundHandler<FullHttpRequest> {

    private static final Logger LOG = LoggerFactory.getLogger(ShopHandler.class);
    /** Requests a client may send ahead of its answers; more and the connection is closed. */
    private static final int MAX_PIPELINED = 16;

    private final Site site;
    private final RequestDeadline deadline;
    private final ArrayDeque<Request> waiting = new ArrayDeque<>();
    private boolean busy; // touched on the event loop only

    ShopHandler(Site site, RequestDeadline deadline) {
        this.site = site;
        this.deadline = deadline;
    }

    @Override
    protected void channelRead0(ChannelHandlerContext ctx, FullHttpRequest message) {
        deadline.received();
        // The page's time runs from its read, not from when the loop gets to serve it: requests read
        // together behind a blocked loop (jdbc mode) or pipelined behind others get what is left, and
        // one whose time has passed is answered at once without asking the databases, instead of
        // holding the loop and the databases for another page time on a page nobody can use in time
        Request request = Request.of(message).withDeadline(Deadline.in(site.pageTimeout()));
        if (!busy) {
            busy = true;
            // on the loop's next turn, after it has read this connection's end: a client that left while its
            // request waited in the socket (behind a blocked loop, in jdbc mode) is not served; its page's
            // queries would hold the loop and the databases for no one (1,000 of them after a load run at
            // 78 ms kept the shop busy for 49 s)
            ctx.executor().execute(() -> serve(ctx, request));
        } else if (waiting.size() < MAX_PIPELINED) {
            waiting.add(request);
        } else {
            ctx.close();
        }
    }

    private void serve(ChannelHandlerContext ctx, Request request) {
        if (!ctx.channel().isActive()) {
            busy = false;
            waiting.clear();
            return;
        }
        busy = true;
        long started = System.nanoTime();
        if (request.malformed()) {
            site.metrics().begin("MALFORMED");
            respond(ctx, request, "MALFORMED", started, ErrorPages.page(HttpResponseStatus.BAD_REQUEST, "Bad request",
                    "The request could not be understood."), null);
            return;
        }
        Router.Match match = site.router().match(request.method(), request.path());
        site.metrics().begin(match.route());
        CompletionStage<Response> stage;
        try {
            // the page's database calls end by its deadline (in jdbc mode they run right here, one after another) …
            stage = match.page().handle(request.withParam(match.param()));
        } catch (RuntimeException e) {
            stage = CompletableFuture.failedFuture(e);
        }
        // … and whatever the mode, the page is answered by then (a purchase's transaction ends on its own)
        stage = Timeouts.within(stage.toCompletableFuture().copy(),
                Math.max(1, request.deadline().millisLeft(site.pageTimeout().toMillis())));
        stage.whenComplete((response, error) -> {
            if (ctx.executor().inEventLoop()) {
                respond(ctx, request, match.route(), started, response, error);
                return;
            }
            try {
                ctx.executor().execute(() -> respond(ctx, request, match.route(), started, response, error));
            } catch (RejectedExecutionException shuttingDown) {
                ctx.channel().close();
            }
        });
    }

    private void respond(ChannelHandlerContext ctx, Request request, String route, long started, Response response, Throwable error) {
        Response answer = error == null ? response : ErrorPages.forError(error);
        String exception = error == null ? "none" : ForkJoin.unwrap(error).getClass().getSimpleName();
        byte[] body;
        try {
            body = answer.view() == null ? answer.body() : site.templates().render(answer.view());
        } catch (RuntimeException e) {
            LOG.warn("rendering {} failed", route, e);
            answer = Response.text(HttpResponseStatus.INTERNAL_SERVER_ERROR, "text/plain; charset=utf-8", "internal error\n");
            body = answer.body();
            exception = e.getClass().getSimpleName();
        }
        FullHttpResponse http = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, answer.status(), Unpooled.wrappedBuffer(body));
        http.headers().set(HttpHeaderNames.CONTENT_TYPE, answer.contentType())
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        for (Map.Entry<String, String> h : answer.headers().entrySet()) {
            http.headers().set(h.getKey(), h.getValue());
        }
        boolean close = !request.keepAlive() || request.malformed();
        http.headers().set(HttpHeaderNames.CONNECTION, close ? HttpHeaderValues.CLOSE : HttpHeaderValues.KEEP_ALIVE);
        site.metrics().record(request.method().name(), route, answer.status().code(), exception, started);
        if (close) {
            waiting.clear();
            ctx.writeAndFlush(http).addListener(ChannelFutureListener.CLOSE);
            return;
        }
        ctx.writeAndFlush(http);
        busy = false;
        Request next = waiting.poll();
        if (next != null) {
            serve(ctx, next);
        }
    }

    @Override
    public void userEventTriggered(ChannelHandlerContext ctx, Object event) throws Exception {
        if (event instanceof IdleStateEvent) {
            if (!busy) {
                ctx.close();
            }
            return;
        }
        super.userEventTriggered(ctx, event);
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        waiting.clear();
        super.channelInactive(ctx);
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext ctx, Throwable cause) {
        if (!(cause instanceof IOException)) {
            LOG.debug("connection closed after an error", cause);
        }
        ctx.close();
    }
}
