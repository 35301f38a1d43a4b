package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a CPU profile's samples went, by part of the stack: a collapsed profile (async-profiler's
 * {@code .collapsed}: one stack a line, root first, frames split by {@code ;}, then its count)
 * summed per part. {@code self}: each sample is charged to the leaf-most frame that belongs to a
 * part (JDK, kernel and JVM frames are passed over to their caller, so a socket write counts for the
 * library that made it); a sample with no such frame is the JVM's and the JDK's own (GC, JIT, the
 * runtime). {@code within}: the samples with a frame of that part anywhere in their stack (what runs
 * under its calls, the libraries it calls included). Both in % of all samples.
 */
public final class ProfileShares {

    /** The parts, by package prefix, tried in this order (the first that matches names the frame's part). */
    static final Map<String, List<String>> PARTS = parts();
    /** What no part claims: the JVM's own threads (GC, JIT compilers) and JDK code called from no library. */
    static final String JVM = "JVM and JDK (GC, JIT, runtime)";

    /** One part: its share of the samples charged to it, and of those with it in their stack, %. */
    public record Share(String part, double selfPct, double withinPct) {
    }

    private ProfileShares() {
    }

    private static Map<String, List<String>> parts() {
        Map<String, List<String>> parts = new LinkedHashMap<>();
        parts.put("the lab's engine (lab.access)", List.of("lab.access."));
        parts.put("the app (lab.portal, lab.shop)", List.of("lab.portal.", "lab.shop."));
        parts.put("R2DBC drivers", List.of("io.r2dbc.postgresql.", "io.asyncer.r2dbc.mysql.", "dev.miku.r2dbc.mysql.", "io.r2dbc.spi."));
        parts.put("r2dbc-pool and reactor-pool", List.of("io.r2dbc.pool.", "reactor.pool."));
        parts.put("Vert.x SQL clients", List.of("io.vertx.pgclient.", "io.vertx.mysqlclient.", "io.vertx.sqlclient."));
        parts.put("Vert.x core", List.of("io.vertx."));
        parts.put("JDBC drivers and HikariCP", List.of("org.postgresql.", "org.mariadb.", "com.mysql.", "com.zaxxer.hikari."));
        parts.put("Reactor Netty", List.of("reactor.netty."));
        parts.put("Reactor Core", List.of("reactor.core.", "reactor.util."));
        parts.put("Netty", List.of("io.netty."));
        parts.put("Spring", List.of("org.springframework."));
        parts.put("Tomcat", List.of("org.apache.catalina.", "org.apache.coyote.", "org.apache.tomcat."));
        parts.put("FreeMarker", List.of("freemarker."));
        parts.put("Micrometer", List.of("io.micrometer."));
        return parts;
    }

    /** The shares of a collapsed profile, largest self share first; empty when it holds no sample. */
    public static List<Share> of(Path collapsed) throws IOException {
        return of(Files.readAllLines(collapsed));
    }

    static List<Share> of(List<String> lines) {
        Map<String, Long> self = new LinkedHashMap<>();
        Map<String, Long> within = new LinkedHashMap<>();
        long total = 0;
        for (String line : lines) {
            int space = line.lastIndexOf(' ');
            if (space <= 0) {
                continue;
            }
            long count;
            try {
                count = Long.parseLong(line.substring(space + 1).strip());
            } catch (NumberFormatException e) {
                continue;
            }
            String[] frames = line.substring(0, space).split(";");
            total += count;
            String charged = JVM;
            for (int i = frames.length - 1; i >= 0; i--) {
                String part = partOf(frames[i]);
                if (part != null) {
                    charged = part;
                    break;
                }
            }
            self.merge(charged, count, Long::sum);
            for (String part : Arrays.stream(frames).map(ProfileShares::partOf).filter(p -> p != null).distinct().toList()) {
                within.merge(part, count, Long::sum);
            }
        }
        if (total == 0) {
            return List.of();
        }
        long all = total;
        return self.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .map(e -> new Share(e.getKey(), 100.0 * e.getValue() / all, 100.0 * within.getOrDefault(e.getKey(), e.getValue()) / all))
                .toList();
    }

    /** The part a frame belongs to, or null for the JDK's, the kernel's and the JVM's own frames. */
    static String partOf(String frame) {
        String name = frame.replace('/', '.');
        for (Map.Entry<String, List<String>> part : PARTS.entrySet()) {
            for (String prefix : part.getValue()) {
                if (name.startsWith(prefix)) {
                    return part.getKey();
                }
            }
        }
        return null;
    }

    /** The shares as a table for a terminal and a text file. */
    public static String table(List<Share> shares) {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "%-34s %7s %9s%n", "part of the stack", "self %", "within %"));
        for (Share s : shares) {
            text.append(String.format(Locale.ROOT, "%-34s %7.1f %9.1f%n", s.part(), s.selfPct(), s.withinPct()));
        }
        return text.toString();
    }
}
