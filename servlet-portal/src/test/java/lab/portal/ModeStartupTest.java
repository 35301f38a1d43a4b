package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.access.Mode;
import org.junit.jupiter.api.Test;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.web.server.reactive.context.ReactiveWebServerApplicationContext;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * An unusable PORTAL_MODE stops the process at once, naming the valid modes; the mode alone chooses
 * the web stack, and a setting that contradicts it stops the process too.
 */
class ModeStartupTest {

    private static final String VALID = "jdbc, threadpool, nonblocking, virtual, r2dbc, reactive, webflux, webflux-vertx";

    @Test
    void unknownModeExitsAtOnceListingTheValidModes() throws Exception {
        Exit exit = runMain("warp-drive");

        assertThat(exit.status()).as(exit.stderr()).isEqualTo(PortalApplication.BAD_MODE);
        assertThat(exit.stderr()).contains("unknown PORTAL_MODE 'warp-drive'", "valid modes: " + VALID);
        assertThat(exit.took()).isLessThan(Duration.ofSeconds(10));
    }

    @Test
    void missingModeExitsListingTheValidModes() throws Exception {
        Exit exit = runMain(null);

        assertThat(exit.status()).as(exit.stderr()).isEqualTo(PortalApplication.BAD_MODE);
        assertThat(exit.stderr()).contains("PORTAL_MODE is not set", VALID);
    }

    @Test
    void modesParseByTheirDesignNames() {
        for (Serving mode : Serving.all()) {
            assertThat(Serving.valueOf(mode.id())).isEqualTo(mode);
            assertThat(Serving.valueOf(" " + mode.id().toUpperCase() + " ")).isEqualTo(mode);
        }
        assertThat(Serving.valid()).isEqualTo(VALID);
        assertThatThrownBy(() -> Serving.valueOf("blocking")).hasMessageContaining(VALID);
    }

    @Test
    void reactiveIsAnOptionOfTheNonblockingMode() {
        assertThat(Serving.valueOf("reactive")).isEqualTo(new Serving(Mode.NONBLOCKING, true));
        assertThat(Serving.of("nonblocking", true)).isEqualTo(Serving.valueOf("reactive"));
        assertThat(Serving.of("nonblocking", true).id()).isEqualTo("reactive");
        assertThatThrownBy(() -> Serving.of("jdbc", true)).hasMessageContaining("PORTAL_MODE=nonblocking");
    }

    @Test
    void modeDefaultsFollowThesisAppendixA3() {
        assertThat(Serving.valueOf("jdbc").springDefaults()).containsEntry("server.tomcat.threads.max", 1_000)
                .containsEntry("spring.threads.virtual.enabled", false);
        assertThat(Serving.valueOf("virtual").springDefaults()).containsEntry("spring.threads.virtual.enabled", true);
        assertThat(Serving.valueOf("reactive").springDefaults()).containsEntry("server.tomcat.threads.max", Serving.REACTIVE_TOMCAT_THREADS)
                .containsEntry("server.tomcat.threads.min-spare", Serving.REACTIVE_TOMCAT_THREADS);
        assertThat(Serving.valueOf("nonblocking").springDefaults()).doesNotContainKey("server.tomcat.threads.min-spare")
                .doesNotContainKey("spring.main.web-application-type");
        assertThat(Serving.valueOf("nonblocking").webApplicationType()).isEqualTo(WebApplicationType.SERVLET);
    }

    @Test
    void webfluxRunsOnEitherNonBlockingClient() {
        assertThat(Serving.valueOf("webflux")).isEqualTo(new Serving(Mode.R2DBC, Serving.Stack.WEBFLUX));
        assertThat(Serving.valueOf("webflux-vertx")).isEqualTo(new Serving(Mode.NONBLOCKING, Serving.Stack.WEBFLUX));
        assertThat(Serving.valueOf("webflux").webApplicationType()).isEqualTo(WebApplicationType.REACTIVE);
        assertThat(Serving.valueOf("webflux").springDefaults()).doesNotContainKey("server.tomcat.threads.max")
                .containsEntry("spring.application.name", "webflux-portal");
        assertThatThrownBy(() -> new Serving(Mode.JDBC, Serving.Stack.WEBFLUX)).hasMessageContaining("non-blocking client");
        assertThatThrownBy(() -> Serving.of("webflux-vertx", true)).hasMessageContaining("PORTAL_REACTIVE=true", "Spring WebFlux");
    }

    @Test
    void aWebApplicationTypeThatContradictsTheModeStopsTheProcess() throws Exception {
        Exit exit = runMain("webflux", Map.of("SPRING_MAIN_WEB_APPLICATION_TYPE", "servlet"));

        assertThat(exit.status()).as(exit.stderr()).isEqualTo(PortalApplication.BAD_MODE);
        assertThat(exit.stderr()).contains("SPRING_MAIN_WEB_APPLICATION_TYPE=servlet contradicts PORTAL_MODE=webflux",
                "PORTAL_MODE alone chooses the web stack");

        Exit reactivePage = runMain("webflux-vertx", Map.of("PORTAL_REACTIVE", "true"));
        assertThat(reactivePage.status()).as(reactivePage.stderr()).isEqualTo(PortalApplication.BAD_MODE);
        assertThat(reactivePage.stderr()).contains("PORTAL_REACTIVE=true is the reactive page of Spring MVC");
    }

    @Test
    void theConfiguredModeChoosesTheStackWhateverTheApplicationWasCreatedWith() {
        StandardEnvironment agreeing = environment(Map.of("portal.mode", "webflux", "spring.main.web-application-type", "REACTIVE"));
        assertThat(Serving.configured(agreeing)).isEqualTo(Serving.valueOf("webflux"));

        // an argument names another mode than the one create() was given: that mode's stack, controller and defaults
        try (Portal portal = Portal.start(Serving.valueOf("jdbc"), Map.of("portal.mode", "webflux-vertx"))) {
            assertThat(portal.context).isInstanceOf(ReactiveWebServerApplicationContext.class);
            assertThat(portal.context.getBeanNamesForType(BlockingPageController.class)).isEmpty();
            assertThat(portal.context.getEnvironment().getProperty("spring.application.name")).isEqualTo("webflux-portal");
            assertThat(portal.get("/?seed=3").page().fact("mode")).isEqualTo("webflux-vertx");
        }
    }

    private record Exit(int status, String stderr, Duration took) {
    }

    /** {@code java lab.portal.PortalApplication} in a child JVM with this test's class path. */
    private static Exit runMain(String mode) throws IOException, InterruptedException {
        return runMain(mode, Map.of());
    }

    private static StandardEnvironment environment(Map<String, Object> properties) {
        StandardEnvironment environment = new StandardEnvironment();
        environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
        return environment;
    }

    private static Exit runMain(String mode, Map<String, String> env) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                PortalApplication.class.getName()));
        builder.environment().remove("PORTAL_MODE");
        builder.environment().remove("PORTAL_REACTIVE");
        builder.environment().remove("SPRING_MAIN_WEB_APPLICATION_TYPE");
        builder.environment().putAll(env);
        if (mode != null) {
            builder.environment().put("PORTAL_MODE", mode);
        }
        builder.redirectOutput(ProcessBuilder.Redirect.DISCARD);
        long start = System.nanoTime();
        Process process = builder.start();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                throw new AssertionError("the portal did not exit with PORTAL_MODE=" + mode);
            }
            String stderr = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
            return new Exit(process.exitValue(), stderr, Duration.ofNanos(System.nanoTime() - start));
        } finally {
            process.destroyForcibly();
        }
    }
}
