package lab.microbench.pages;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.json.JsonMapper;

/** The module's one Jackson mapper: pretty JSON files in, records and trees out. */
public final class Json {

    public static final ObjectMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    private Json() {
    }

    public static void write(Path file, Object value) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (OutputStream out = Files.newOutputStream(file)) {
            MAPPER.writeValue(out, value);
        }
    }

    public static JsonNode read(Path file) {
        return MAPPER.readTree(file.toFile());
    }

    public static <T> T read(Path file, Class<T> type) {
        return MAPPER.readValue(file.toFile(), type);
    }

    /** Writes the elements of the JSON arrays in {@code parts}, in order, as one array to {@code into}, and deletes the parts. */
    public static void concatArrays(List<Path> parts, Path into) throws IOException {
        ArrayNode all = MAPPER.createArrayNode();
        for (Path part : parts) {
            all.addAll((ArrayNode) read(part));
        }
        write(into, all);
        for (Path part : parts) {
            Files.delete(part);
        }
    }

    /** Inline JSON for a script block: "</" is escaped so that no string can close the script element. */
    public static String inline(Object value) {
        return MAPPER.writer().without(SerializationFeature.INDENT_OUTPUT).writeValueAsString(value).replace("</", "<\\/");
    }
}
