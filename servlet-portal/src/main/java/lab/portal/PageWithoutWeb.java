package lab.portal;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.util.concurrent.Callable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.ClassPathResource;
import org.springframework.core.io.support.ResourcePropertySource;

/**
 * The portal's page without its web tier: the page code ({@link PortalService}, its 12 queries) on
 * one mode's clients, with no HTTP server and no Spring context. Settings are bound as the portal
 * binds them (application.properties, PORTAL_* and the source env vars). loadgen's database-ceiling
 * series loads it by name and calls it in a loop (lab.loadgen.ceiling.PageLoop, run from this jar):
 * the measuring stays in loadgen, the page's wiring stays here.
 */
public final class PageWithoutWeb implements Callable<Boolean>, AutoCloseable {

    private final PortalClients clients;
    private final PortalService service;

    private PageWithoutWeb(PortalClients clients, PortalService service) {
        this.clients = clients;
        this.service = service;
    }

    /** The page on the clients of {@code mode} (a portal mode id, e.g. nonblocking). */
    public static PageWithoutWeb open(String mode) throws IOException {
        PortalProperties properties = properties(mode);
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        PortalClients clients = PortalClients.open(properties, registry);
        return new PageWithoutWeb(clients, new PortalService(properties.mode(), clients, properties.contactCount(),
                properties.pageTimeout(), registry));
    }

    private static PortalProperties properties(String mode) throws IOException {
        StandardEnvironment env = new StandardEnvironment();
        env.getPropertySources().addLast(new ResourcePropertySource(new ClassPathResource("application.properties")));
        env.getSystemProperties().put("portal.mode", mode);
        return Binder.get(env).bind("portal", PortalProperties.class).get();
    }

    /** One page view; true when every panel answered (a failed panel still renders, as on the web). */
    @Override
    public Boolean call() {
        return service.page(null).failed() == 0;
    }

    @Override
    public void close() {
        clients.close();
    }
}
