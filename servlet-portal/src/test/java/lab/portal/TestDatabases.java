package lab.portal;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.data.Sources;
import lab.seed.Dataset;
import lab.seed.Seeder;

/**
 * The portal's four sources as throw-away databases {@code bench_portal_contacts} and
 * {@code bench_portal_logs} on the local MySQL and PostgreSQL servers (never contacts/logs/shop),
 * seeded at {@code tiny} once per test run: MySQL and PostgreSQL load in parallel.
 */
final class TestDatabases {

    static final Scale SCALE = Scale.TINY;
    private static Map<PortalSource, SourceUrl> seeded;

    private TestDatabases() {
    }

    static synchronized Map<PortalSource, SourceUrl> urls() {
        if (seeded == null) {
            Seeder seeder = new Seeder(SCALE, Seeder.DEFAULT_SEED);
            Map<PortalSource, SourceUrl> urls = new EnumMap<>(PortalSource.class);
            List<List<PortalSource>> perServer = List.of(
                    List.of(PortalSource.CONTACTS_MYSQL, PortalSource.LOGS_MYSQL),
                    List.of(PortalSource.CONTACTS_PG, PortalSource.LOGS_PG));
            perServer.stream()
                    .map(sources -> CompletableFuture.runAsync(() -> sources.forEach(s -> {
                        SourceUrl url = seed(seeder, s);
                        synchronized (urls) {
                            urls.put(s, url);
                        }
                    })))
                    .toList()
                    .forEach(CompletableFuture::join);
            seeded = Map.copyOf(urls);
        }
        return seeded;
    }

    /** {@code --portal.sources.<id>=<url>} for every source, password included. */
    static Map<String, String> properties() {
        Map<String, String> properties = new java.util.LinkedHashMap<>();
        urls().forEach((source, url) -> properties.put(property(source), text(url)));
        return properties;
    }

    static String property(PortalSource source) {
        return "portal.sources." + source.id();
    }

    /** The full URL (SourceUrl.toString hides the password). */
    static String text(SourceUrl url) {
        return url.engine().scheme + "://" + encode(url.user()) + ":" + encode(url.password()) + "@"
                + url.host() + ":" + url.port() + "/" + url.database();
    }

    private static SourceUrl seed(Seeder seeder, PortalSource source) {
        Dataset dataset = source.kind == PortalSource.Kind.CONTACTS ? Dataset.CONTACTS : Dataset.LOGS;
        Sources server = source.source;
        return seeder.seedFreshDatabase(dataset, SourceUrl.parse(server.url()), "portal_" + dataset.id);
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8);
    }
}
