package lab.report;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/** Chart.js from its Maven webjar (org.webjars.npm:chart.js), read once, to inline into pages. */
public final class ChartJs {

    private static final String POM = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
    private static volatile String script;
    private static volatile String version;

    private ChartJs() {
    }

    public static String version() {
        load();
        return version;
    }

    /** The self-contained UMD build, safe to put inside a script element. */
    public static String script() {
        load();
        return script;
    }

    private static synchronized void load() {
        if (script != null) {
            return;
        }
        Properties pom = new Properties();
        try (InputStream in = resource(POM)) {
            pom.load(in);
            String v = pom.getProperty("version");
            try (InputStream js = resource("META-INF/resources/webjars/chart.js/" + v + "/dist/chart.umd.min.js")) {
                String text = new String(js.readAllBytes(), StandardCharsets.UTF_8);
                if (text.toLowerCase(java.util.Locale.ROOT).contains("</script")) {
                    throw new IllegalStateException("chart.umd.min.js contains </script and cannot be inlined as is");
                }
                version = v;
                script = text;
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read Chart.js from its webjar: " + e.getMessage(), e);
        }
    }

    private static InputStream resource(String name) {
        InputStream in = ChartJs.class.getClassLoader().getResourceAsStream(name);
        if (in == null) {
            throw new IllegalStateException(name + " not on the classpath: the org.webjars.npm:chart.js dependency is missing");
        }
        return in;
    }
}
