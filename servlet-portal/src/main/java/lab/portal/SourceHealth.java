package lab.portal;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.access.DbClient;
import lab.access.ForkJoin;
import lab.access.Readiness;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * One source in {@code /actuator/health}: UP once the mode's own client has warmed up its pool
 * ({@link Readiness}: every connection opened and verified) and a {@code SELECT 1} answers, bounded
 * in time. Unauthenticated callers see it, so it is a status only; why a source is down (driver
 * message, host:port/db) goes to the log.
 */
final class SourceHealth implements HealthIndicator {

    private static final Logger LOG = LoggerFactory.getLogger(SourceHealth.class);

    private final DbClient client;
    private final Readiness readiness;
    private final Duration timeout;

    SourceHealth(DbClient client, Duration timeout) {
        this.client = client;
        this.readiness = new Readiness(client);
        this.timeout = timeout;
    }

    /** The four sources as one health component, {@code sources}, with one member per source id. */
    static CompositeHealthContributor of(PortalClients clients, Duration timeout) {
        Map<String, SourceHealth> members = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            members.put(source.id(), new SourceHealth(clients.get(source), timeout));
        }
        return CompositeHealthContributor.fromMap(members);
    }

    @Override
    public Health health() {
        try {
            return ForkJoin.join(readiness.check(), timeout) ? Health.up().build() : Health.down().build();
        } catch (RuntimeException e) {
            LOG.info("health: {} is down: {}", client.source().address(), ForkJoin.unwrap(e).getMessage());
            return Health.down().build();
        }
    }
}
