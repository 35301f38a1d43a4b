package lab.portal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The portal of thesis 4.2 on Tomcat: {@code PORTAL_MODE=jdbc|threadpool|nonblocking|virtual} (and
 * {@code PORTAL_REACTIVE=true} on nonblocking, or {@code PORTAL_MODE=reactive} for short),
 * {@code SERVER_PORT}, source URLs from {@code CONTACTS_MYSQL_URL} &amp;c. (DESIGN.md).
 */
@SpringBootApplication
public class PortalApplication {

    /** Exit status for an unusable {@code PORTAL_MODE}. */
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

    /** The application serving pages one way, with its defaults (Tomcat threads, virtual threads). */
    public static SpringApplication create(Serving mode) {
        SpringApplication application = new SpringApplication(PortalApplication.class);
        application.setDefaultProperties(mode.springDefaults());
        return application;
    }

    /** {@code portal.mode} and {@code portal.reactive}: arguments ({@code --portal.mode=}), system properties or env vars. */
    private static Serving setting(String[] args) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        return Serving.of(environment.getProperty("portal.mode"), environment.getProperty("portal.reactive", Boolean.class, false));
    }
}
