package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * Admission at the door ({@link PageDoor}), on real databases: one page at a time, 16 asked at once.
 * With no wait, the pages that find the door taken are refused with 503 and Retry-After at once; with
 * a wait long enough, every page is served whole, in turn. The answer limit counts the door's wait.
 */
class PageDoorTest {

    private static final int AT_ONCE = 16;
    private static final Serving JDBC = Serving.of("jdbc", false);

    @Test
    void aPageThatFindsTheDoorTakenAndMayNotWaitIsRefusedWith503() {
        try (Portal portal = Portal.start(JDBC, Map.of("portal.pages-in-flight", "1", "portal.door-wait", "0s"))) {
            List<Portal.Response> responses = together(portal);
            assertThat(responses).allSatisfy(r -> assertThat(r.status()).isIn(200, 503));
            OverloadTest.assertRefusedAsBusy(responses, "1 page is being served and this one waited 0 ms for its turn");
            responses.stream().filter(r -> r.status() == 200).forEach(r -> ServingsTest.assertFilled(r.page()));
            assertThat(gauge(portal, "lab.answer.limit")).isEqualTo(pageTimeoutSec(portal));
        }
    }

    @Test
    void pagesThatMayWaitAreAllServedWholeInTurn() {
        try (Portal portal = Portal.start(JDBC, Map.of("portal.pages-in-flight", "1", "portal.door-wait", "30s"))) {
            List<Portal.Response> responses = together(portal);
            assertThat(responses).allSatisfy(r -> {
                assertThat(r.status()).isEqualTo(200);
                ServingsTest.assertFilled(r.page());
            });
            assertThat(gauge(portal, "lab.answer.limit")).isEqualTo(pageTimeoutSec(portal) + 30);
            assertThat(gauge(portal, "portal.door.limit")).isEqualTo(1.0);
        }
    }

    private static List<Portal.Response> together(Portal portal) {
        return IntStream.range(0, AT_ONCE).mapToObj(i -> portal.getAsync("/?seed=" + i)).toList()
                .stream().map(CompletableFuture::join).toList();
    }

    private static double pageTimeoutSec(Portal portal) {
        return portal.context.getBean(PortalProperties.class).pageTimeout().toMillis() / 1000.0;
    }

    private static double gauge(Portal portal, String name) {
        return portal.context.getBean(MeterRegistry.class).get(name).gauge().value();
    }
}
