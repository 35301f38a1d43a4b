package lab.microbench.pool;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/** A library's version, read from the Maven metadata its jar carries (kept by the fat jar too). */
public final class Versions {

    private Versions() {
    }

    public static String of(String groupId, String artifactId) {
        String resource = "/META-INF/maven/" + groupId + "/" + artifactId + "/pom.properties";
        try (InputStream in = Versions.class.getResourceAsStream(resource)) {
            if (in == null) {
                return "?";
            }
            Properties p = new Properties();
            p.load(in);
            return p.getProperty("version", "?");
        } catch (IOException e) {
            return "?";
        }
    }
}
