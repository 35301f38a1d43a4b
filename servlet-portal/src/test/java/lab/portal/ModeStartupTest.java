package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import lab.access.Mode;
import org.junit.jupiter.api.Test;

/** An unusable PORTAL_MODE stops the process at once, naming the valid modes. */
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
                .containsEntry("spring.main.web-application-type", "servlet");
    }

    @Test
    void webfluxRunsOnEitherNonBlockingClient() {
        assertThat(Serving.valueOf("webflux")).isEqualTo(new Serving(Mode.R2DBC, Serving.Stack.WEBFLUX));
        assertThat(Serving.valueOf("webflux-vertx")).isEqualTo(new Serving(Mode.NONBLOCKING, Serving.Stack.WEBFLUX));
        assertThat(Serving.valueOf("webflux").springDefaults()).containsEntry("spring.main.web-application-type", "reactive")
                .doesNotContainKey("server.tomcat.threads.max");
        assertThatThrownBy(() -> new Serving(Mode.JDBC, Serving.Stack.WEBFLUX)).hasMessageContaining("non-blocking client");
    }

    private record Exit(int status, String stderr, Duration took) {
    }

    /** {@code java lab.portal.PortalApplication} in a child JVM with this test's class path. */
    private static Exit runMain(String mode) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-cp", System.getProperty("java.class.path"),
                PortalApplication.class.getName()));
        builder.environment().remove("PORTAL_MODE");
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
