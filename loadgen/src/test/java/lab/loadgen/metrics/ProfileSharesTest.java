package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** A collapsed profile summed by part of the stack: charged to the leaf-most part, and counted within every part on the stack. */
class ProfileSharesTest {

    @Test
    void eachSampleIsChargedToTheLeafMostPartAndCountedWithinEveryPartOnItsStack() {
        List<String> collapsed = List.of(
                // a driver's socket write: the JDK's and the kernel's frames count for the driver
                "reactor-http-epoll-1;io/netty/channel/nio/NioEventLoop.run;lab/access/r2dbc/R2dbcSession.call;"
                        + "io/r2dbc/postgresql/client/ReactorNettyClient.send;java/nio/channels/SocketChannel.write;do_syscall_64_[k] 6",
                "reactor-http-epoll-1;io/netty/channel/nio/NioEventLoop.run;lab/access/r2dbc/R2dbcSession.call;"
                        + "java/util/concurrent/CompletableFuture.complete 2",
                "reactor-http-epoll-2;reactor/core/publisher/MonoFlatMap$FlatMapMain.onNext;io/r2dbc/pool/ConnectionPool.create 1",
                "C2 CompilerThread0;CompileBroker::compiler_thread_loop;C2Compiler::compile_method 1",
                "not a sample line");

        Map<String, ProfileShares.Share> shares = ProfileShares.of(collapsed).stream()
                .collect(Collectors.toMap(ProfileShares.Share::part, s -> s));

        assertEquals(60.0, shares.get("R2DBC drivers").selfPct(), 1e-9);
        assertEquals(20.0, shares.get("the lab's engine (lab.access)").selfPct(), 1e-9, "a JDK call made by the engine is the engine's");
        assertEquals(80.0, shares.get("the lab's engine (lab.access)").withinPct(), 1e-9, "what runs under its calls");
        assertEquals(10.0, shares.get("r2dbc-pool and reactor-pool").selfPct(), 1e-9);
        assertEquals(10.0, shares.get(ProfileShares.JVM).selfPct(), 1e-9, "the JIT's own thread belongs to no library");
        assertEquals(0.0, shares.containsKey("Netty") ? shares.get("Netty").selfPct() : 0.0, 1e-9, "only a caller here");
        assertEquals(100.0, shares.values().stream().mapToDouble(ProfileShares.Share::selfPct).sum(), 1e-9);
        assertEquals("R2DBC drivers", ProfileShares.of(collapsed).getFirst().part(), "largest first");
        assertTrue(ProfileShares.table(ProfileShares.of(collapsed)).contains("R2DBC drivers"));
    }

    @Test
    void anEmptyProfileHasNoShares() {
        assertEquals(List.of(), ProfileShares.of(List.of()));
    }
}
