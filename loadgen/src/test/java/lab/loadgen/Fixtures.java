package lab.loadgen;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import lab.loadgen.tool.HttperfParser;
import lab.loadgen.tool.Measurement;
import lab.loadgen.tool.OutputParser;
import lab.loadgen.tool.Wrk2Parser;
import lab.loadgen.tool.WrkParser;

/** The shared real load-tool outputs: ../../shared/fixtures/loadgen from the module folder. */
public final class Fixtures {

    public static final Path DIR = Path.of("../../shared/fixtures/loadgen");

    private Fixtures() {
    }

    /** Skips the calling test with a clear message when the shared folder is not there. */
    public static Path dir() {
        assumeTrue(Files.isDirectory(DIR), "no fixture folder at " + DIR.toAbsolutePath().normalize()
                + " (the shared folder beside the checkout): parser tests skipped");
        return DIR;
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
