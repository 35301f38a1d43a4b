package lab.loadgen.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The Dockerfile's shape: pinned base images, non-root final images, health checks, a lean context. */
class DockerfileShapeTest {

    static final Path ROOT = ComposeConsistencyTest.ROOT;
    /** The images compose runs, and whether each serves HTTP (so needs a health check). */
    static final Map<String, Boolean> FINAL_STAGES = Map.of("db-seed", false, "portal", true, "shop", true, "loadgen", true);

    static String dockerfile;
    /** Stage name → its lines. */
    static Map<String, String> stages = new LinkedHashMap<>();

    @BeforeAll
    static void read() throws IOException {
        dockerfile = Files.readString(ROOT.resolve("Dockerfile"));
        Matcher m = Pattern.compile("(?m)^FROM\\s+\\S+\\s+AS\\s+(\\S+)\\s*$").matcher(dockerfile);
        int start = -1;
        String name = null;
        while (m.find()) {
            if (name != null) {
                stages.put(name, dockerfile.substring(start, m.start()));
            }
            name = m.group(1);
            start = m.start();
        }
        stages.put(name, dockerfile.substring(start));
    }

    @Test
    void baseImagesArePinnedByVersion() {
        Matcher args = Pattern.compile("(?m)^ARG (\\w+_IMAGE)=(\\S+)$").matcher(dockerfile);
        int count = 0;
        while (args.find()) {
            count++;
            String image = args.group(2);
            assertTrue(image.matches("[\\w./-]+:[\\w.-]*\\d[\\w.-]*") || stages.containsKey(image),
                    args.group(1) + " pins a version or names a stage of this Dockerfile: " + image);
            assertTrue(!image.endsWith(":latest"), image);
        }
        assertTrue(count >= 3, "base images are build args with pinned defaults");
        Matcher froms = Pattern.compile("(?m)^FROM\\s+(\\S+)").matcher(dockerfile);
        while (froms.find()) {
            String from = froms.group(1);
            assertTrue(from.startsWith("${") || from.equals("scratch") || stages.containsKey(from)
                            || stageChosenByArg(from),
                    "FROM uses a pinned ARG, scratch or an earlier stage: " + from);
        }
    }

    /** {@code wrk2-${WRK2}}: every value the ARG's default and comment offer names a stage. */
    static boolean stageChosenByArg(String from) {
        Matcher m = Pattern.compile("([\\w-]*)\\$\\{(\\w+)}").matcher(from);
        return m.matches() && stages.containsKey(m.group(1) + "on") && stages.containsKey(m.group(1) + "off");
    }

    @Test
    void jarsComeFromTheMavenStageOrFromMakeJars() {
        assertTrue(dockerfile.contains("ARG JARS=build"), "the Maven build is the default");
        assertTrue(stages.containsKey("prebuilt"), "JARS=prebuilt takes the jars of `make jars`");
        assertTrue(Pattern.compile("(?m)^FROM \\$\\{JARS} AS jars$").matcher(dockerfile).find(), "the jars stage is chosen by JARS");
    }

    @Test
    void theBuildStageCopiesEveryModulePomBeforeTheSources() throws IOException {
        Matcher modules = Pattern.compile("<module>([^<]+)</module>").matcher(Files.readString(ROOT.resolve("pom.xml")));
        while (modules.find()) {
            String module = modules.group(1);
            assertTrue(stages.get("build").contains("COPY " + module + "/pom.xml " + module + "/"),
                    "the build stage copies " + module + "/pom.xml for the dependency layer");
        }
    }

    @Test
    void wrk2CanBeLeftOut() {
        assertTrue(dockerfile.contains("ARG WRK2=on"), "wrk2 is built by default");
        assertTrue(stages.containsKey("wrk2-on") && stages.containsKey("wrk2-off"), "WRK2=on|off stages");
        assertTrue(!stages.get("wrk2-off").contains("git clone"), "WRK2=off needs no network");
    }

    @Test
    void ohaIsTheVersionMakeToolsBuildsAndCanBeLeftOut() throws IOException {
        Matcher version = Pattern.compile("ARG OHA_VERSION=(\\S+)").matcher(dockerfile);
        assertTrue(version.find(), "oha is pinned to a version");
        assertTrue(Files.readString(ROOT.resolve("scripts/tools.sh")).contains("OHA_CRATE_VERSION=" + version.group(1)),
                "the image's oha is the version `make tools` installs natively");
        assertTrue(dockerfile.contains("ARG OHA=on"), "oha is built by default");
        assertTrue(stages.containsKey("oha-on") && stages.containsKey("oha-off"), "OHA=on|off stages");
        assertTrue(!stages.get("oha-off").contains("cargo"), "OHA=off needs no network");
        assertTrue(stages.get("loadgen").contains("COPY --from=oha /out/bin/ /usr/local/bin/"), "loadgen image installs oha");
    }

    @Test
    void toxiproxyIsTheLabsBuildOrAnImageThatHasIt() {
        assertTrue(stages.get("toxiproxy-build").contains("RUN ./build.sh /out/toxiproxy-server"),
                "built by link/toxiproxy-lab/build.sh, as `make tools` builds it");
        assertTrue(stages.get("toxiproxy-source").contains("ENTRYPOINT [\"/toxiproxy\"]"), "at /toxiproxy, as the upstream image");
        assertTrue(dockerfile.contains("ARG TOXIPROXY_IMAGE=toxiproxy-source"), "built from the sources unless an image is named");
        assertTrue(Pattern.compile("(?m)^FROM \\$\\{TOXIPROXY_IMAGE} AS toxiproxy$").matcher(dockerfile).find(),
                "the toxiproxy stage is chosen by TOXIPROXY_IMAGE");
    }

    @Test
    void finalImagesRunAsANonRootUser() {
        FINAL_STAGES.keySet().forEach(stage -> {
            String body = stages.get(stage);
            assertTrue(body != null, "stage " + stage + " exists");
            List<String> users = Pattern.compile("(?m)^USER\\s+(\\S+)").matcher(body).results().map(r -> r.group(1)).toList();
            assertTrue(!users.isEmpty() && !users.get(users.size() - 1).equals("root") && !users.get(users.size() - 1).equals("0"),
                    stage + " ends as a non-root user: " + users);
        });
        assertTrue(dockerfile.contains("useradd --system --uid 10001"), "the lab user exists");
    }

    @Test
    void httpImagesHaveHealthChecks() {
        FINAL_STAGES.forEach((stage, http) -> {
            if (http) {
                assertTrue(stages.get(stage).contains("HEALTHCHECK"), stage + " has a HEALTHCHECK");
            }
        });
    }

    /** The apps' Docker health check is liveness (no database): Swarm replaces an unhealthy task mid-benchmark. */
    @Test
    void appHealthChecksAreLivenessNotReadiness() {
        Map<String, String> liveness = Map.of("portal", "/actuator/health/liveness\"", "shop", "/health/live\"");
        liveness.forEach((stage, path) -> {
            Matcher check = Pattern.compile("(?s)HEALTHCHECK .*?CMD (.*?)\n").matcher(stages.get(stage));
            assertTrue(check.find() && check.group(1).contains(path), stage + "'s HEALTHCHECK asks " + path + ": " + stages.get(stage));
        });
    }

    @Test
    void wrk2IsBuiltFromAPinnedCommit() {
        Matcher commit = Pattern.compile("ARG WRK2_COMMIT=([0-9a-f]{40})").matcher(dockerfile);
        assertTrue(commit.find(), "wrk2 is pinned to a full commit hash");
        assertTrue(stages.get("wrk2-on").contains("/out/wrk2") && stages.get("loadgen").contains("COPY --from=wrk2 /out/ /usr/local/bin/"),
                "loadgen image installs wrk2");
        assertTrue(stages.get("loadgen").contains("httperf wrk"), "loadgen image has httperf and wrk from apt");
    }

    @Test
    void buildContextLeavesOutBuildOutputAndResults() throws IOException {
        List<String> ignored = Files.readAllLines(ROOT.resolve(".dockerignore"));
        for (String must : List.of("**/target/", "results/", ".git/", ".run/")) {
            assertTrue(ignored.contains(must), ".dockerignore lists " + must);
        }
        assertEquals(1, Pattern.compile("(?m)^FROM \\$\\{JDK_IMAGE\\} AS build$").matcher(dockerfile).results().count(),
                "one Maven build stage shared by every image");
    }
}
