package lab.portal;

import java.util.Map;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The portal of thesis 4.2 on Spring MVC (Tomcat) or Spring WebFlux (Reactor Netty):
 * {@code PORTAL_MODE=jdbc|threadpool|nonblocking|virtual|r2dbc|reactive|webflux|webflux-vertx} (and
 * {@code PORTAL_REACTIVE=true} on nonblocking), {@code SERVER_PORT}, source URLs from
 * {@code CONTACTS_MYSQL_URL} &amp;c. (DESIGN.md). The mode alone chooses the web stack.
 */
@SpringBootApplication
public class PortalApplication {

    /** Exit status for an unusable {@code PORTAL_MODE} or a setting that contradicts it. */
    static final int BAD_MODE = 2;

    public static void main(String[] args) {
        Serving mode;
        try {
            mode = setting(args);
        } catch (IllegalArgumentException e) {
            System.err.println("servlet-portal: " + e.getMessage());
            System.exit(BAD_MODE);
            return;
        }
        create(mode).run(args);
    }

    /**
     * The application serving pages as {@code mode} says, unless the configuration names another mode
     * (an argument or env var wins, as for any property): the serving is read once from the prepared
     * environment ({@link Serving#configured}), and that one serving chooses the web stack, the
     * controllers and the mode's defaults (Tomcat threads, virtual threads).
     */
    public static SpringApplication create(Serving mode) {
        SpringApplication application = new SpringApplication(PortalApplication.class);
        application.setDefaultProperties(Map.of("portal.mode", mode.id()));
        application.addListeners(new StackChooser());
        return application;
    }

    /** {@code portal.mode} and {@code portal.reactive}: arguments ({@code --portal.mode=}), system properties or env vars. */
    private static Serving setting(String[] args) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        return Serving.configured(environment);
    }

    /** Once the configuration is read and before any bean: the web stack and the defaults of the configured serving. */
    private static final class StackChooser implements ApplicationListener<ApplicationEnvironmentPreparedEvent> {
        @Override
        public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
            ConfigurableEnvironment environment = event.getEnvironment();
            Serving serving = Serving.configured(environment);
            event.getSpringApplication().setWebApplicationType(serving.webApplicationType());
            environment.getPropertySources().addLast(new MapPropertySource("portalServing", serving.springDefaults()));
        }
    }
}
