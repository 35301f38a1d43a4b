package lab.portal;

import lab.access.Mode;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;
import tools.jackson.databind.json.JsonMapper;

/**
 * The database ceiling of the portal page for {@code make loadtest}: the page's 12 queries through
 * {@link PortalService} on the fastest clients ({@code nonblocking}), with no HTTP server and no
 * Spring context, as {@code --concurrency} pages in flight for {@code --duration} seconds (closed
 * loop), after a short warm-up. Settings are bound as the portal binds them (application.properties,
 * PORTAL_* and source env vars). Prints one JSON line: requests, durationSec, requestsPerSec,
 * meanReplyMs, errors, failedPages.
 *
 * <p>Run from the portal's jar: {@code java -cp servlet-portal.jar -Dloader.main=lab.portal.Ceiling
 * org.springframework.boot.loader.launch.PropertiesLauncher --concurrency 25 --duration 10}.
 */
public final class Ceiling {

    private static final int WARMUP_SEC = 2;

    private Ceiling() {
    }

    public static void main(String[] args) throws Exception {
        int concurrency = Integer.parseInt(option(args, "--concurrency", "25"));
        int seconds = Integer.parseInt(option(args, "--duration", "10"));
        PortalProperties properties = properties(option(args, "--mode", Mode.NONBLOCKING.id()));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        try (PortalClients clients = PortalClients.open(properties, registry)) {
            PortalService service = new PortalService(properties.mode(), clients, properties.contactCount(),
                    properties.pageTimeout(), registry);
            run(service, concurrency, WARMUP_SEC);
            Map<String, Object> result = run(service, concurrency, seconds);
            System.out.println(JsonMapper.builder().build().writeValueAsString(result));
        }
        System.exit(0); // the clients' event loops are not daemon threads
    }

    private static PortalProperties properties(String mode) throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addLast(new ResourcePropertySource(new ClassPathResource("application.properties")));
        env.getSystemProperties().put("portal.mode", mode);
        return Binder.get(env).bind("portal", PortalProperties.class).get();
    }

    /** {@code concurrency} virtual threads, each fetching pages back to back until the deadline. */
    private static Map<String, Object> run(PortalService service, int concurrency, int seconds) throws InterruptedException {
        LongAdder pages = new LongAdder();
        LongAdder nanos = new LongAdder();
        LongAdder errors = new LongAdder();
        LongAdder failedPages = new LongAdder();
        long start = System.nanoTime();
        long deadline = start + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < concurrency; i++) {
            threads.add(Thread.ofVirtual().name("ceiling-" + i).start(() -> {
                while (System.nanoTime() < deadline) {
                    long t0 = System.nanoTime();
                    try {
                        PortalPage page = service.page(null);
                        failedPages.add(page.failed() > 0 ? 1 : 0);
                        pages.increment();
                        nanos.add(System.nanoTime() - t0);
                    } catch (RuntimeException e) {
                        errors.increment();
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double duration = (System.nanoTime() - start) / 1e9;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("requests", pages.sum());
        r.put("durationSec", duration);
        r.put("requestsPerSec", pages.sum() / duration);
        r.put("meanReplyMs", pages.sum() == 0 ? null : nanos.sum() / 1e6 / pages.sum());
        r.put("errors", errors.sum());
        r.put("failedPages", failedPages.sum());
        return r;
    }

    private static String option(String[] args, String name, String fallback) {
        for (int i = 0; i + 1 < args.length; i++) {
            if (args[i].equals(name)) {
                return args[i + 1];
            }
        }
        return fallback;
    }
}
