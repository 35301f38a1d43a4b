package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Bounded queues: with room for exactly one view per source (1 connection + 4 waiting = the 5
 * contact queries), concurrent views are refused with 503 and Retry-After instead of piling up.
 */
class OverloadTest {

    private static final int CONCURRENT = 32;
    private static final int BURSTS = 5;
    private static final Duration DRAIN = Duration.ofSeconds(10);

    @ParameterizedTest
    @ValueSource(strings = {"threadpool", "reactive", "webflux-vertx", "webflux"})
    void aFullQueueAnswers503WithRetryAfter(Serving mode) throws InterruptedException {
        Map<String, String> tiny = Map.of("portal.pool-size", "1", "portal.queue-bound", "4", "portal.executor-threads", "1");
        try (Portal portal = Portal.start(mode, tiny)) {
            List<Portal.Response> responses = List.of();
            for (int burst = 0; burst < BURSTS && responses.stream().noneMatch(r -> r.status() == 503); burst++) {
                responses = IntStream.range(0, CONCURRENT).mapToObj(i -> portal.getAsync("/?seed=" + i)).toList()
                        .stream().map(CompletableFuture::join).toList();
                assertThat(responses).allSatisfy(r -> assertThat(r.status()).isIn(200, 503));
            }

            assertRefusedAsBusy(responses, "busy");
            assertThat(portal.context.getBean(MeterRegistry.class)
                    .find("access.rejected").counters()).anySatisfy(c -> assertThat(c.count()).isPositive());

            // calls admitted for refused views still run; once they have, a single view is served again
            long deadline = System.nanoTime() + DRAIN.toNanos();
            Portal.Response alone = portal.get("/?seed=1");
            while (alone.status() == 503 && System.nanoTime() < deadline) {
                Thread.sleep(100);
                alone = portal.get("/?seed=1");
            }
            ServingsTest.assertFilled(alone.page());
        }
    }

    /** Some of {@code responses} are 503, and each 503 is the styled busy page with Retry-After 1 s that says {@code why}. */
    static void assertRefusedAsBusy(List<Portal.Response> responses, String why) {
        List<Portal.Response> refused = responses.stream().filter(r -> r.status() == 503).toList();
        assertThat(refused).isNotEmpty();
        assertThat(refused).allSatisfy(r -> {
            assertThat(r.retryAfter()).isEqualTo("1");
            BadInputTest.assertStyledProblemPage(r, 503);
            assertThat(r.body()).contains(why);
        });
    }
}
