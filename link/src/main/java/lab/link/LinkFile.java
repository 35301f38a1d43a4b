package lab.link;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The link in force in the lab, recorded by {@code make up} / {@code make link} in
 * {@code <run dir>/link} ({@code RUN_DIR}, default {@code .run}) as {@code link=<name>} and
 * {@code rttMs=<asked RTT>}, so that loadgen results and the dashboard can read it; a calibrated
 * link (below 1 ms) also as {@code addedMs.<source>=<ms>}, what its calibration measured it to add
 * to a query over loopback, per database server (named by the source of the proxy calibrated).
 */
public final class LinkFile {

    public static final String NAME = "link";
    private static final String ADDED = "addedMs.";

    private LinkFile() {
    }

    /** {@code $RUN_DIR} or {@code .run} in the working directory. */
    public static Path runDir() {
        String v = System.getenv("RUN_DIR");
        return Path.of(v == null || v.isBlank() ? ".run" : v);
    }

    public static void write(Path runDir, Link link) {
        write(runDir, link, Map.of());
    }

    /** As {@link #write(Path, Link)}, with what the link's calibration measured per server (source id → ms per query over loopback). */
    public static void write(Path runDir, Link link, Map<String, Double> addedMsBySource) {
        try {
            Files.createDirectories(runDir);
            Path tmp = Files.createTempFile(runDir, NAME, ".tmp");
            if (tmp.getFileSystem().supportedFileAttributeViews().contains("posix")) {
                // readable by the apps, which may run as another user (containers share the run dir)
                Files.setPosixFilePermissions(tmp, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
            }
            StringBuilder text = new StringBuilder("link=" + link.name() + "\nrttMs=" + Link.format(link.rttMs()) + "\n");
            addedMsBySource.forEach((source, ms) -> text.append(ADDED).append(source).append('=').append(ms).append('\n'));
            Files.writeString(tmp, text, StandardCharsets.UTF_8);
            Files.move(tmp, runDir.resolve(NAME), java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                    java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot record the link in " + runDir.resolve(NAME), e);
        }
    }

    /** The recorded link; empty when the lab is not running (or ran before links existed). */
    public static Optional<Link> read(Path runDir) {
        Properties p = properties(runDir);
        if (p == null) {
            return Optional.empty();
        }
        Link named = Link.parse(p.getProperty("link", "loopback"));
        String rtt = p.getProperty("rttMs");
        return Optional.of(rtt == null || !named.proxied() ? named : new Link(named.name(), Double.parseDouble(rtt)));
    }

    /** What the recorded link's calibration measured it to add per query over loopback, per server (by source id); empty when it was not calibrated. */
    public static Map<String, Double> calibrated(Path runDir) {
        Properties p = properties(runDir);
        Map<String, Double> added = new TreeMap<>();
        if (p != null) {
            p.stringPropertyNames().stream().filter(k -> k.startsWith(ADDED))
                    .forEach(k -> added.put(k.substring(ADDED.length()), Double.parseDouble(p.getProperty(k))));
        }
        return added;
    }

    private static Properties properties(Path runDir) {
        Path f = runDir.resolve(NAME);
        if (!Files.isRegularFile(f)) {
            return null;
        }
        Properties p = new Properties();
        try (var in = Files.newBufferedReader(f, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + f, e);
        }
        return p;
    }

    public static void delete(Path runDir) {
        try {
            Files.deleteIfExists(runDir.resolve(NAME));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
