package lab.portal;

import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Map;
import lab.access.ClientOptions;
import lab.access.ClientOptions.HandOff;
import lab.access.ClientOptions.Overflow;
import lab.access.Mode;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.data.Sources;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;
import org.springframework.boot.convert.DurationUnit;

/**
 * Everything the portal reads at start, bound from {@code portal.*} properties; every one can be
 * set by env var ({@code portal.pool-size} ← {@code PORTAL_POOL_SIZE} and so on). Pool, executor and
 * queue sizes are per source: an instance opens four clients. Durations take a unit ({@code 500ms},
 * {@code 2s}); a bare number means seconds.
 *
 * @param mode             {@code PORTAL_MODE}: a mode, {@code reactive}, {@code webflux} or {@code webflux-vertx}
 * @param scale            {@code SCALE}: tiny, small or thesis; decides the contact count
 * @param contacts         {@code PORTAL_CONTACTS}: ids are drawn from 1..contacts (default: the scale's)
 * @param sources          source URLs by {@link Sources} name; blank = its env var's default (docs/DESIGN.md)
 * @param poolSize         database connections per source: 5 instances × 4 sources stay far below
 *                         MySQL's max_connections 4,000 and PostgreSQL's 1,000
 * @param executorThreads  {@code threadpool}: threads per source; 4 × 275 = the thesis' 1,100
 * @param queueBound       calls allowed to wait per source; beyond it a view gets 503 + Retry-After
 * @param reactive         the reactive page on the nonblocking clients ({@code PORTAL_MODE=reactive} says the same)
 * @param handOff          {@code threadpool} session hand-off; the thesis ran unfair
 * @param pipeliningLimit  {@code nonblocking}/{@code reactive}: requests in flight per connection; 256 (the
 *                         access and shop default), since at 200 views in flight a contacts source has
 *                         1,000 queries to carry on its 20 connections: with 16 a connection (320 in
 *                         flight) queued them into 3 round trips (issue 32)
 * @param multiplex        {@code nonblocking}/{@code reactive}: views' queries share the pool's pipelined
 *                         connections instead of leasing one per view (access README, "Multiplexing")
 * @param eventLoops       Vert.x event loops, 0 = one per core
 * @param connectTimeout   opening a connection and waiting for a pooled one
 * @param queryTimeout     one query, from submission to result
 * @param pageTimeout      a panel not complete by then shows a timeout error; the page still renders
 * @param pagesInFlight    {@code PORTAL_PAGES_IN_FLIGHT}: pages served at once; the others wait at the door
 *                         ({@link PageDoor}), in turn, and a page's deadline starts once it is in. 0: no door.
 *                         Default: in the JDBC modes, as many as the page's four sources have connections
 *                         ({@code 4 × poolSize}); in {@code nonblocking} none (its pages share pipelined
 *                         connections, so the pools do not bound them); the reactive and WebFlux pages have no door
 * @param doorWait         how long a page may wait at the door before it is refused with 503 (default: the
 *                         page timeout); a request is answered within {@code doorWait + pageTimeout}
 * @param healthTimeout    one source's ping in {@code /actuator/health}
 * @param retryAfter       the Retry-After of a 503
 */
@ConfigurationProperties("portal")
public record PortalProperties(
        Serving mode,
        @DefaultValue("false") boolean reactive,
        @DefaultValue("thesis") String scale,
        Long contacts,
        Map<Sources, String> sources,
        @DefaultValue("20") int poolSize,
        @DefaultValue("275") int executorThreads,
        @DefaultValue("5000") int queueBound,
        @DefaultValue("unfair") HandOff handOff,
        @DefaultValue("256") int pipeliningLimit,
        @DefaultValue("true") boolean multiplex,
        @DefaultValue("0") int eventLoops,
        @DurationUnit(ChronoUnit.SECONDS) @DefaultValue("2s") Duration connectTimeout,
        @DurationUnit(ChronoUnit.SECONDS) @DefaultValue("5s") Duration queryTimeout,
        @DurationUnit(ChronoUnit.SECONDS) @DefaultValue("6s") Duration pageTimeout,
        Integer pagesInFlight,
        @DurationUnit(ChronoUnit.SECONDS) Duration doorWait,
        @DurationUnit(ChronoUnit.SECONDS) @DefaultValue("2s") Duration healthTimeout,
        @DurationUnit(ChronoUnit.SECONDS) @DefaultValue("1s") Duration retryAfter) {

    public PortalProperties {
        if (mode == null) {
            throw new IllegalArgumentException("PORTAL_MODE is not set; valid modes: " + Serving.valid());
        }
        if (reactive) {
            mode = mode.withReactivePage();
        }
        sources = sources == null ? Map.of() : Map.copyOf(sources);
        if (contactCount(scale, contacts) < 1) {
            throw new IllegalArgumentException("portal.contacts (PORTAL_CONTACTS) must be >= 1");
        }
        if (pageTimeout.isNegative() || pageTimeout.isZero()) {
            throw new IllegalArgumentException("portal.page-timeout must be > 0");
        }
        if (pagesInFlight == null) {
            pagesInFlight = mode.stack() != Serving.Stack.JOINED || mode.access() == Mode.NONBLOCKING ? 0 : PortalSource.values().length * poolSize;
        }
        if (pagesInFlight < 0) {
            throw new IllegalArgumentException("portal.pages-in-flight (PORTAL_PAGES_IN_FLIGHT) must be >= 0 (0: no door)");
        }
        doorWait = doorWait == null ? pageTimeout : doorWait;
        if (doorWait.isNegative()) {
            throw new IllegalArgumentException("portal.door-wait must be >= 0");
        }
    }

    /** Contact ids are drawn from 1..this. */
    public long contactCount() {
        return contactCount(scale, contacts);
    }

    /** The URL of a source: the configured one, else its env var's default (docs/DESIGN.md). */
    public SourceUrl url(Sources source) {
        String configured = sources.get(source);
        return SourceUrl.parse(source.url(configured == null ? Map.of() : Map.of(source.envVar, configured)));
    }

    /** The options of each of the mode's four clients; a full queue fails the call (→ 503). */
    public ClientOptions clientOptions() {
        return ClientOptions.defaults()
                .withPoolSize(poolSize)
                .withExecutorThreads(executorThreads)
                .withQueueBound(queueBound)
                .withOverflow(Overflow.FAIL)
                .withHandOff(handOff)
                .withPipeliningLimit(pipeliningLimit)
                .withMultiplex(multiplex)
                .withEventLoops(eventLoops)
                .withConnectTimeout(connectTimeout)
                .withQueryTimeout(queryTimeout);
    }

    private static long contactCount(String scale, Long contacts) {
        if (contacts != null) {
            return contacts;
        }
        return Scale.parse(scale).contacts;
    }
}
