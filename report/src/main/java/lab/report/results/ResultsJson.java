package lab.report.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and writes results.json and the lab's other JSON files (Jackson). Writes go through a
 * temporary file, so a reader never sees half a file.
 */
public final class ResultsJson {

    public static final String FILE_NAME = "results.json";

    private static final JsonMapper MAPPER = JsonMapper.builder()
            .disable(MapperFeature.SORT_PROPERTIES_ALPHABETICALLY)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private ResultsJson() {
    }

    public static JsonMapper mapper() {
        return MAPPER;
    }

    public static void write(Object value, Path file) {
        try {
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.createDirectories(file.toAbsolutePath().getParent()); // make up warms up before any run made results/
            Files.writeString(tmp, MAPPER.writeValueAsString(value));
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    public static Results read(Path file) {
        if (!Files.isRegularFile(file)) {
            throw new IllegalArgumentException("no " + file);
        }
        try {
            return MAPPER.readValue(file.toFile(), Results.class);
        } catch (JacksonException e) {
            throw new IllegalArgumentException(file + " is not a results file: " + e.getOriginalMessage(), e);
        }
    }

    /** A file of another schema, or empty when there is none or it cannot be read (a view's input, not a result). */
    public static <T> java.util.Optional<T> readIfPresent(Path file, Class<T> type) {
        if (!Files.isRegularFile(file)) {
            return java.util.Optional.empty();
        }
        try {
            return java.util.Optional.of(MAPPER.readValue(file.toFile(), type));
        } catch (JacksonException e) {
            return java.util.Optional.empty(); // absent, half-written by an older writer, or of another schema
        }
    }

    /** JSON on one line (no indentation), as a server-sent event's data must be. */
    public static String oneLine(Object value) {
        return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value);
    }

    /** JSON text safe inside an HTML script element: every "&lt;" (only ever inside strings) becomes \\u003c. */
    public static String forScript(Object value) {
        return oneLine(value).replace("<", "\\u003c");
    }
}
