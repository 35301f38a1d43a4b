package lab.loadgen;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import lab.loadgen.tool.HttperfParser;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.OutputParser;
import lab.loadgen.tool.Wrk2Parser;
import lab.loadgen.tool.WrkParser;

/**
 * Real load-tool outputs (test resources {@code lab/loadgen/fixtures/}; their README says how each
 * was captured).
 */
public final class Fixtures {

    private Fixtures() {
    }

    /** The fixture folder on the test class path. */
    public static Path dir() {
        URL folder = Fixtures.class.getResource("fixtures");
        if (folder == null) {
            throw new IllegalStateException("test resources lab/loadgen/fixtures are missing from the class path");
        }
        try {
            return Path.of(folder.toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String read(String name) {
        try {
            return Files.readString(dir().resolve(name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A fixture through the parser of the tool that printed it (by its name: wrk2-, wrk-, httperf-). */
    public static Measurement parse(String fixture) {
        OutputParser parser;
        if (fixture.startsWith("wrk2-")) {
            parser = new Wrk2Parser();
        } else if (fixture.startsWith("wrk-")) {
            parser = new WrkParser();
        } else if (fixture.startsWith("httperf-")) {
            parser = new HttperfParser();
        } else {
            throw new AssertionError("no parser for fixture " + fixture);
        }
        return parser.parse(read(fixture));
    }

    /** Every tool output in the folder (all but README.md). */
    public static List<String> all() {
        try (Stream<Path> files = Files.list(dir())) {
            return files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".txt")).sorted().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
