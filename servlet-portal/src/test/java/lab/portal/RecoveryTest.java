package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Map;
import lab.access.SourceUrl;
import lab.access.ProxiedSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A source that goes away while the portal runs and comes back: its panel shows the error while
 * it is gone, and fills again once it is back, without a restart. Hikari (threadpool; jdbc and
 * virtual share it) and Vert.x (reactive; nonblocking shares it) reconnect on their own.
 */
class RecoveryTest {

    private static final Duration RECOVERY = Duration.ofSeconds(20);

    @ParameterizedTest
    @ValueSource(strings = {"threadpool", "reactive"})
    void aSourceThatComesBackFillsItsPanelAgain(Serving mode) throws Exception {
        PortalSource flaky = PortalSource.CONTACTS_PG;
        SourceUrl real = TestDatabases.urls().get(flaky);
        try (ProxiedSource proxy = new ProxiedSource(real);
             Portal portal = Portal.start(mode, Map.of(TestDatabases.property(flaky), TestDatabases.text(proxy.via(real))))) {
            ServingsTest.assertFilled(portal.get("/?seed=21").page());

            proxy.cut();
            Portal.Response broken = portal.get("/?seed=21");
            assertThat(broken.status()).isEqualTo(200);
            PageData page = broken.page();
            assertThat(page.panels().get(flaky.id()).ok()).isFalse();
            assertThat(page.panels().get(flaky.id()).error()).isNotBlank();
            assertThat(page.panels().values().stream().filter(PageData.PanelData::ok).count()).isEqualTo(3);

            proxy.restore();
            long deadline = System.nanoTime() + RECOVERY.toNanos();
            PageData again = portal.get("/?seed=21").page();
            while (!again.panels().get(flaky.id()).ok() && System.nanoTime() < deadline) {
                Thread.sleep(250);
                again = portal.get("/?seed=21").page();
            }
            ServingsTest.assertFilled(again);
        }
    }
}
