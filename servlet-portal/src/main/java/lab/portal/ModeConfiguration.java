package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.CompositeReactiveHealthContributor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The running mode's resources: its four clients (and only those), the page service, source health. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(PortalProperties.class)
class ModeConfiguration {

    private static final Logger log = LoggerFactory.getLogger(ModeConfiguration.class);

    @Bean(destroyMethod = "close")
    PortalClients portalClients(PortalProperties properties, MeterRegistry registry) {
        PortalClients clients = PortalClients.open(properties, registry);
        log.info("portal mode {} ({} clients): {}; contacts 1..{}; options {}; door: {} pages at once (0: none), {} ms wait",
                properties.mode().id(), properties.mode().access().id(), describe(clients), properties.contactCount(),
                properties.clientOptions(), properties.pagesInFlight(), properties.doorWait().toMillis());
        return clients;
    }

    @Bean
    PageDoor pageDoor(PortalProperties properties, MeterRegistry registry) {
        return new PageDoor(properties.pagesInFlight(), properties.doorWait(), properties.pageTimeout(), registry);
    }

    @Bean
    PortalService portalService(PortalProperties properties, PortalClients clients, MeterRegistry registry) {
        return new PortalService(properties.mode(), clients, properties.contactCount(), properties.pageTimeout(), registry);
    }

    /** {@code /actuator/health} → components.sources.components.&lt;source id&gt;. */
    @Bean
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
    CompositeHealthContributor sources(PortalClients clients, PortalProperties properties) {
        return SourceHealth.of(clients, properties.healthTimeout());
    }

    /** The same on WebFlux, without blocking. */
    @Bean(name = "sources")
    @ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.REACTIVE)
    CompositeReactiveHealthContributor reactiveSources(PortalClients clients, PortalProperties properties) {
        return SourceHealth.reactive(clients, properties.healthTimeout());
    }

    private static String describe(PortalClients clients) {
        StringBuilder text = new StringBuilder();
        for (PortalSource source : PortalSource.values()) {
            text.append(text.isEmpty() ? "" : ", ").append(source.id()).append('=').append(clients.get(source).source());
        }
        return text.toString();
    }
}
