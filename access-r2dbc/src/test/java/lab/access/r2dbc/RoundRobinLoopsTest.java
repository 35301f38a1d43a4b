package lab.access.r2dbc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import lab.access.ClientOptions;
import lab.access.SourceUrl;
import lab.data.Sources;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import reactor.netty.resources.LoopResources;

/**
 * A pool's connections are spread evenly over the engine's loops (README, "Event loops"), on real
 * servers ({@code make db}): 4 connections on 2 loops, 2 on each. Reactor Netty's loops without
 * {@link RoundRobinLoops} put all 4 on one (printed, not asserted: an upgrade may fix it, and then
 * {@link RoundRobinLoops} can go).
 */
class RoundRobinLoopsTest {

    @ParameterizedTest
    @EnumSource(SourceUrl.Engine.class)
    void everyLoopCarriesItsShareOfThePool(SourceUrl.Engine engine) {
        Map<String, Integer> engines = placement(engine, true);
        Map<String, Integer> reactors = placement(engine, false);
        System.out.printf("LOOPS %s engine's %s, colocation off alone %s%n", engine.scheme, engines, reactors);
        assertEquals(List.of(2, 2), List.copyOf(engines.values()), "connections per loop: " + engines);
    }

    /** Connections per loop, for 4 connections leased together on 2 loops. */
    private static Map<String, Integer> placement(SourceUrl.Engine engine, boolean roundRobin) {
        SourceUrl source = SourceUrl.parse(engine == SourceUrl.Engine.MYSQL ? Sources.CONTACTS_MYSQL.url() : Sources.CONTACTS_PG.url());
        LoopResources loops = SharedLoops.create(2, false, roundRobin);
        R2dbcPool pool = new R2dbcPool(source, ClientOptions.defaults().withPoolSize(4).withConnectTimeout(Duration.ofSeconds(5)), loops);
        R2dbcStatements statements = new R2dbcStatements(source);
        try {
            List<CompletableFuture<String>> carriers = new ArrayList<>();
            List<Leased> leased = new ArrayList<>();
            for (int i = 0; i < 4; i++) {
                leased.add(pool.lease(lab.access.Deadline.NONE).join());
            }
            for (Leased l : leased) {
                // the first answer may be handed over on the subscribing thread (the driver buffered it); those after it
                // are asked from the loop that carries the connection, and answered there
                carriers.add(Flux.range(0, 5).concatMap(i -> statements.query("SELECT 1", List.of()).apply(l.pooled))
                        .then(Mono.fromCallable(() -> Thread.currentThread().getName())).toFuture());
            }
            Map<String, Integer> perLoop = new TreeMap<>();
            carriers.forEach(c -> perLoop.merge(c.join(), 1, Integer::sum));
            leased.forEach(l -> pool.giveBack(l).block());
            return perLoop;
        } finally {
            pool.close();
            SharedLoops.stop(loops);
        }
    }
}
