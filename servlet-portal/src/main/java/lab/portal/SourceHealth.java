package lab.portal;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import lab.access.DbClient;
import lab.access.ForkJoin;
import lab.access.Readiness;
import lab.access.Timeouts;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.health.contributor.CompositeHealthContributor;
import org.springframework.boot.health.contributor.CompositeReactiveHealthContributor;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.boot.health.contributor.ReactiveHealthIndicator;
import reactor.core.publisher.Mono;

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

    /**
     * The same four members without blocking, for WebFlux: a blocking indicator would be run on
     * Reactor's bounded-elastic pool, a dozen threads beside an app that otherwise has its event loops only.
     */
    static CompositeReactiveHealthContributor reactive(PortalClients clients, Duration timeout) {
        Map<String, ReactiveHealthIndicator> members = new LinkedHashMap<>();
        for (PortalSource source : PortalSource.values()) {
            members.put(source.id(), new SourceHealth(clients.get(source), timeout)::check);
        }
        return CompositeReactiveHealthContributor.fromMap(members);
    }

    /** {@link #health()} without blocking; bounded by the lab's timer, not {@code Mono#timeout} (Reactor's parallel pool). */
    Mono<Health> check() {
        return Mono.fromCompletionStage(() -> Timeouts.within(readiness.check().toCompletableFuture(), timeout.toMillis()))
                .map(SourceHealth::status).onErrorResume(e -> Mono.just(down(e)));
    }

    @Override
    public Health health() {
        try {
            return status(ForkJoin.join(readiness.check(), timeout));
        } catch (RuntimeException e) {
            return down(e);
        }
    }

    private static Health status(boolean up) {
        return up ? Health.up().build() : Health.down().build();
    }

    private Health down(Throwable error) {
        LOG.info("health: {} is down: {}", client.source().address(), ForkJoin.unwrap(error).getMessage());
        return Health.down().build();
    }
}
