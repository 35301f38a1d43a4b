package lab.portal;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.core.env.SimpleCommandLinePropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The portal of thesis 4.2 on Tomcat: {@code PORTAL_MODE=jdbc|threadpool|nonblocking|virtual|reactive},
 * {@code SERVER_PORT}, source URLs from {@code CONTACTS_MYSQL_URL} &amp;c. (DESIGN.md).
 */
@SpringBootApplication
public class PortalApplication {

    /** Exit status for an unusable {@code PORTAL_MODE}. */
    static final int BAD_MODE = 2;

    public static void main(String[] args) {
        PortalMode mode;
        try {
            mode = PortalMode.parse(modeSetting(args));
        } catch (IllegalArgumentException e) {
            System.err.println("servlet-portal: " + e.getMessage());
            System.exit(BAD_MODE);
            return;
        }
        create(mode).run(args);
    }

    /** The application for one mode, with that mode's defaults (Tomcat threads, virtual threads). */
    public static SpringApplication create(PortalMode mode) {
        SpringApplication application = new SpringApplication(PortalApplication.class);
        application.setDefaultProperties(mode.springDefaults());
        return application;
    }

    /** {@code --portal.mode=} argument, {@code portal.mode} system property or {@code PORTAL_MODE} env var. */
    private static String modeSetting(String[] args) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new SimpleCommandLinePropertySource(args));
        return environment.getProperty("portal.mode");
    }
}
