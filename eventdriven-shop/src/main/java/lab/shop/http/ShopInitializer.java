package lab.shop.http;

import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.timeout.IdleStateHandler;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The pipeline of every connection: connection meter, idle timeout, request deadline, HTTP/1.1
 * codec, bounded aggregator (larger bodies get 413), and the shop's handler.
 */
public final class ShopInitializer extends ChannelInitializer<SocketChannel> {

    /** Long enough for a 10 KB search term, percent-encoded. */
    static final int MAX_REQUEST_LINE = 32 * 1024;
    static final int MAX_HEADERS = 16 * 1024;

    private final Site site;
    private final Duration idleTimeout;
    private final int maxBodyBytes;

    public ShopInitializer(Site site, Duration idleTimeout, int maxBodyBytes) {
        this.site = site;
        this.idleTimeout = idleTimeout;
        this.maxBodyBytes = maxBodyBytes;
    }

    @Override
    protected void initChannel(SocketChannel ch) {
        RequestDeadline deadline = new RequestDeadline(idleTimeout);
        ChannelPipeline p = ch.pipeline();
        p.addLast("metrics", site.metrics());
        p.addLast("idle", new IdleStateHandler(0, 0, idleTimeout.toMillis(), TimeUnit.MILLISECONDS));
        p.addLast("deadline", deadline);
        p.addLast("codec", new HttpServerCodec(new HttpDecoderConfig()
                .setMaxInitialLineLength(MAX_REQUEST_LINE)
                .setMaxHeaderSize(MAX_HEADERS)));
        p.addLast("aggregator", new BoundedAggregator(maxBodyBytes));
        p.addLast("shop", new ShopHandler(site, deadline));
    }
}
