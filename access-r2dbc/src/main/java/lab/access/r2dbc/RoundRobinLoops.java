package lab.access.r2dbc;

import io.netty.channel.Channel;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.socket.SocketChannel;
import java.lang.reflect.Constructor;
import java.lang.reflect.InvocationTargetException;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * Reactor Netty loops on which each new connection takes the next loop in turn. Without colocation
 * Reactor Netty asks the group for {@code next()} twice per connection: once to learn the channel
 * type it needs (epoll or NIO, {@link LoopResources#onChannel}), once for the loop the channel gets.
 * With an even number of loops the second answer is always one of half of them: on 2 loops, 19 of
 * a pool's 20 connections shared one loop ({@code PlacementBench}, README). Here the channel type is
 * learnt once per type and cached, so {@code next()} is asked once per connection.
 */
final class RoundRobinLoops implements LoopResources {

    private final LoopResources loops;
    private final Map<Class<?>, Constructor<?>> channels = new ConcurrentHashMap<>();

    /** Learns the TCP channel type now, so that not even the first connection's {@code next()} is taken by it. */
    RoundRobinLoops(LoopResources loops) {
        this.loops = loops;
        onChannelClass(SocketChannel.class, loops.onClient(true));
    }

    @Override
    public EventLoopGroup onServer(boolean useNative) {
        return loops.onServer(useNative);
    }

    @Override
    public EventLoopGroup onClient(boolean useNative) {
        return loops.onClient(useNative);
    }

    @Override
    public EventLoopGroup onServerSelect(boolean useNative) {
        return loops.onServerSelect(useNative);
    }

    @Override
    public boolean daemon() {
        return loops.daemon();
    }

    @Override
    public <C extends Channel> C onChannel(Class<C> type, EventLoopGroup group) {
        try {
            return type.cast(channels.computeIfAbsent(type, t -> constructor(loops.onChannelClass(type, group))).newInstance());
        } catch (InstantiationException | IllegalAccessException | InvocationTargetException e) {
            throw new IllegalStateException("cannot open a " + type.getSimpleName() + ": " + e, e);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <C extends Channel> Class<? extends C> onChannelClass(Class<C> type, EventLoopGroup group) {
        return (Class<? extends C>) channels.computeIfAbsent(type, t -> constructor(loops.onChannelClass(type, group))).getDeclaringClass();
    }

    @Override
    public Mono<Void> disposeLater(Duration quietPeriod, Duration timeout) {
        return loops.disposeLater(quietPeriod, timeout);
    }

    @Override
    public Mono<Void> disposeLater() {
        return loops.disposeLater();
    }

    @Override
    public boolean isDisposed() {
        return loops.isDisposed();
    }

    private static Constructor<?> constructor(Class<?> channelClass) {
        try {
            return channelClass.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new IllegalStateException(channelClass + " has no public no-argument constructor", e);
        }
    }
}
