package lab.shop;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmCompilationMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.List;
import java.util.Map;
import lab.access.DbClient;
import lab.access.DbClients;
import lab.access.RoundTrip;
import lab.shop.http.HttpMetrics;
import lab.shop.http.Router;
import lab.shop.http.ShopInitializer;
import lab.shop.http.ShopServer;
import lab.shop.http.Site;
import lab.shop.http.Templates;
import lab.shop.pages.HealthPage;
import lab.shop.pages.ItemPage;
import lab.shop.pages.LandingPage;
import lab.shop.pages.MetricsPage;
import lab.shop.pages.MixPage;
import lab.shop.pages.OrderPage;
import lab.shop.pages.PurchasePage;
import lab.shop.pages.SearchPage;
import lab.shop.store.ShopStore;
import org.slf4j.LoggerFactory;

/** One running shop: meters, the database client of its mode, the pages and the server. */
public final class ShopApp implements AutoCloseable {

    /** A page gets a little more than one query's timeout, so that a page of one query fails with that query's own error. */
    static final java.time.Duration PAGE_TIMEOUT_MARGIN = java.time.Duration.ofMillis(500);

    private final PrometheusMeterRegistry registry;
    private final ShopServer server;
    /** Closed in this order, after the server: no new work first, then what served it. */
    private final List<AutoCloseable> resources;

    private ShopApp(PrometheusMeterRegistry registry, ShopServer server, List<AutoCloseable> resources) {
        this.registry = registry;
        this.server = server;
        this.resources = resources;
    }

    public static ShopApp start(ShopConfig config) throws InterruptedException {
        PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().commonTags("application", "shop", "mode", config.mode().id());
        new JvmThreadMetrics().bindTo(registry);
        new JvmCompilationMetrics().bindTo(registry); // jvm.compilation.time: loadgen warms up until the JIT is quiet
        new JvmMemoryMetrics().bindTo(registry);
        JvmGcMetrics gcMetrics = new JvmGcMetrics();
        gcMetrics.bindTo(registry);
        new ProcessorMetrics().bindTo(registry);
        new ClassLoaderMetrics().bindTo(registry);
        new FileDescriptorMetrics().bindTo(registry);
        new UptimeMetrics().bindTo(registry);

        DbClient db = DbClients.create(config.database(), config.mode(), config.client(), registry);
        try {
            RoundTrip.register(Map.of("shop", db), 5_000, registry); // lab_link_rtt_ms{source="shop"}: the RTT through the link
            java.time.Duration answerLimit = config.client().queryTimeout().plus(PAGE_TIMEOUT_MARGIN);
            // read by the fault runs: a page slower than this (plus slack) is graded too slow
            Gauge.builder("lab.answer.limit", answerLimit, d -> d.toMillis() / 1000.0).baseUnit("seconds").strongReference(true)
                    .description("the page deadline: by then a page or a 503 is answered").register(registry);
            Site site = new Site(routes(db, registry, config), new Templates(Map.of("mode", config.mode().id())), new HttpMetrics(registry),
                    answerLimit);
            boolean epoll = switch (config.transport()) {
                case AUTO -> ShopServer.epollAvailable();
                case EPOLL -> true;
                case NIO -> false;
            };
            ShopServer server = ShopServer.start(config.bind(), config.port(), config.eventLoops(), config.backlog(), epoll,
                    new ShopInitializer(site, config.idleTimeout(), config.maxBodyBytes()));
            return new ShopApp(registry, server, List.<AutoCloseable>of(db, gcMetrics, registry::close));
        } catch (InterruptedException | RuntimeException e) {
            db.close();
            gcMetrics.close();
            throw e;
        }
    }

    /** The URLs of docs/DESIGN.md. */
    static Router routes(DbClient db, PrometheusMeterRegistry registry, ShopConfig config) {
        ShopStore store = new ShopStore(db);
        LandingPage landing = new LandingPage();
        SearchPage search = new SearchPage(store);
        ItemPage item = new ItemPage(store, "item");
        ItemPage purchaseForm = new ItemPage(store, "purchase");
        return new Router()
                .get("/", landing)
                .get("/search", search)
                .get("/item/{id}", item)
                .get("/purchase/{id}", purchaseForm)
                .post("/purchase", new PurchasePage(store))
                .get("/order/{id}", new OrderPage(store))
                .get("/mix", new MixPage(landing, search, item, purchaseForm, store))
                .get("/health", new HealthPage(db, config.client().connectTimeout()))
                .get("/health/live", HealthPage.LIVE)
                .get("/metrics", new MetricsPage(registry));
    }

    public int port() {
        return server.port();
    }

    /** The socket transport in use: {@code epoll} or {@code nio}. */
    public String transport() {
        return server.transport();
    }

    public PrometheusMeterRegistry registry() {
        return registry;
    }

    /** Stops the server first (no new work), then the database client and its threads, then the meters. */
    @Override
    public void close() {
        server.close();
        for (AutoCloseable resource : resources) {
            try {
                resource.close();
            } catch (Exception e) {
                LoggerFactory.getLogger(ShopApp.class).warn("closing {} failed", resource, e);
            }
        }
    }
}
