package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import lab.access.ClientOptions.HandOff;
import lab.access.ClientOptions.Overflow;
import lab.access.SourceUrl;
import lab.data.Sources;
import org.junit.jupiter.api.Test;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/** The env vars of the README bind to {@link PortalProperties}, with the documented defaults. */
class PortalPropertiesTest {

    @Test
    void defaultsFollowTheThesisAndTheConnectionBudget() {
        PortalProperties p = bind(Map.of("PORTAL_MODE", "threadpool"));

        assertThat(p.mode()).isEqualTo(Serving.valueOf("threadpool"));
        assertThat(p.contactCount()).isEqualTo(40_000); // thesis scale
        assertThat(p.url(Sources.CONTACTS_PG)).isEqualTo(SourceUrl.parse(Sources.CONTACTS_PG.defaultUrl));
        var options = p.clientOptions();
        assertThat(options.poolSize()).isEqualTo(20);
        assertThat(options.executorThreads() * PortalSource.values().length).isEqualTo(1_100);
        assertThat(options.handOff()).isEqualTo(HandOff.UNFAIR);
        assertThat(options.overflow()).isEqualTo(Overflow.FAIL);
        assertThat(options.pipeliningLimit()).isEqualTo(256);
        assertThat(p.pageTimeout()).isEqualTo(Duration.ofSeconds(6));
    }

    @Test
    void envVarsOverrideEverything() {
        PortalProperties p = bind(Map.of(
                "PORTAL_MODE", "REACTIVE",
                "SCALE", "tiny",
                "PORTAL_POOL_SIZE", "7",
                "PORTAL_HAND_OFF", "fair",
                "PORTAL_PAGE_TIMEOUT", "9",
                "PORTAL_CONNECT_TIMEOUT", "750ms",
                "LOGS_MYSQL_URL", "mysql://u:p@db.example:3307/logs2"));

        assertThat(p.mode()).isEqualTo(Serving.valueOf("reactive"));
        assertThat(p.contactCount()).isEqualTo(1_000);
        assertThat(p.clientOptions().poolSize()).isEqualTo(7);
        assertThat(p.clientOptions().handOff()).isEqualTo(HandOff.FAIR);
        assertThat(p.pageTimeout()).isEqualTo(Duration.ofSeconds(9)); // a bare number is seconds
        assertThat(p.connectTimeout()).isEqualTo(Duration.ofMillis(750));
        assertThat(p.url(Sources.LOGS_MYSQL).address()).isEqualTo("db.example:3307/logs2");
        assertThat(bind(Map.of("PORTAL_MODE", "jdbc", "PORTAL_CONTACTS", "123")).contactCount()).isEqualTo(123);
    }

    @Test
    void portalReactiveMakesTheNonblockingPageReactive() {
        assertThat(bind(Map.of("PORTAL_MODE", "nonblocking", "PORTAL_REACTIVE", "true")).mode()).isEqualTo(Serving.valueOf("reactive"));
        assertThat(bind(Map.of("PORTAL_MODE", "nonblocking")).mode().reactive()).isFalse();
    }

    @Test
    void nonsenseIsRefusedAtStart() {
        assertThatThrownBy(() -> bind(Map.of("PORTAL_MODE", "jdbc", "SCALE", "huge"))).hasStackTraceContaining("unknown SCALE 'huge'");
        assertThatThrownBy(() -> bind(Map.of("PORTAL_MODE", "jdbc", "PORTAL_CONTACTS", "0"))).hasStackTraceContaining("must be >= 1");
    }

    /** As the application binds: env vars, then application.properties' {@code ${SCALE:thesis}} and {@code ${LOGS_MYSQL_URL:}} &c. */
    private static PortalProperties bind(Map<String, String> env) {
        Map<String, Object> applicationProperties = new HashMap<>();
        applicationProperties.put("portal.scale", env.getOrDefault("SCALE", "thesis"));
        for (PortalSource source : PortalSource.values()) {
            applicationProperties.put("portal.sources." + source.id(), env.getOrDefault(source.source.envVar, ""));
        }
        MutablePropertySources sources = new MutablePropertySources();
        sources.addLast(new SystemEnvironmentPropertySource("env", Map.copyOf(env)));
        sources.addLast(new MapPropertySource("application.properties", applicationProperties));
        return new Binder(ConfigurationPropertySources.from(sources)).bindOrCreate("portal", PortalProperties.class);
    }
}
