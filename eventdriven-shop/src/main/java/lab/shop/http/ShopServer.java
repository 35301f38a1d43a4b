package lab.shop.http;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.IoHandlerFactory;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The Netty server (epoll or NIO transport): one acceptor thread ({@code shop-accept-*}) and {@code eventLoops} event-loop
 * threads ({@code shop-loop-*}) that run every connection, all started with the server.
 */
public record ShopServer(EventLoopGroup acceptor, EventLoopGroup loops, Channel channel) implements AutoCloseable {

    /**
     * @param bind  the address to listen on (127.0.0.1: this machine only)
     * @param epoll Linux epoll (Netty's native transport) rather than Java NIO
     */
    public static ShopServer start(String bind, int port, int eventLoops, int backlog, boolean epoll, ShopInitializer initializer)
            throws InterruptedException {
        if (epoll) {
            Epoll.ensureAvailability();
        }
        EventLoopGroup acceptor = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("shop-accept"), io(epoll));
        EventLoopGroup loops = new MultiThreadIoEventLoopGroup(eventLoops, new DefaultThreadFactory("shop-loop"), io(epoll));
        try {
            Channel channel = new ServerBootstrap()
                    .group(acceptor, loops)
                    .channel(epoll ? EpollServerSocketChannel.class : NioServerSocketChannel.class)
                    .option(ChannelOption.SO_BACKLOG, backlog)
                    .option(ChannelOption.SO_REUSEADDR, true)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childHandler(initializer)
                    .bind(bind, port).sync().channel();
            loops.forEach(loop -> loop.execute(() -> { })); // start every loop thread now: a fixed set from the first request on
            return new ShopServer(acceptor, loops, channel);
        } catch (InterruptedException | RuntimeException e) {
            acceptor.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            loops.shutdownGracefully(0, 0, TimeUnit.SECONDS);
            throw e;
        }
    }

    /** Whether Netty's native epoll transport can be used here. */
    public static boolean epollAvailable() {
        return Epoll.isAvailable();
    }

    private static IoHandlerFactory io(boolean epoll) {
        return epoll ? EpollIoHandler.newFactory() : NioIoHandler.newFactory();
    }

    /** {@code epoll} or {@code nio}. */
    public String transport() {
        return channel instanceof EpollServerSocketChannel ? "epoll" : "nio";
    }

    public int port() {
        return ((InetSocketAddress) channel.localAddress()).getPort();
    }

    /** Stops accepting, closes every connection, stops the threads (waits up to a few seconds). */
    @Override
    public void close() {
        channel.close().awaitUninterruptibly();
        var a = acceptor.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        var l = loops.shutdownGracefully(0, 2, TimeUnit.SECONDS);
        a.awaitUninterruptibly(5, TimeUnit.SECONDS);
        l.awaitUninterruptibly(5, TimeUnit.SECONDS);
    }
}
