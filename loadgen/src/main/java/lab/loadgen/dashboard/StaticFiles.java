package lab.loadgen.dashboard;

import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Maps a request path below /results/ to a file inside the results folder, and nothing else:
 * "..", ".", hidden names, backslashes, empty segments, encoded dots, slashes or backslashes and
 * NUL are refused, and the real path (links followed) must stay inside the folder.
 */
public final class StaticFiles {

    private static final Pattern ENCODED_DANGER = Pattern.compile("%(2e|2f|5c|00)", Pattern.CASE_INSENSITIVE);
    private static final Map<String, String> TYPES = Map.of(
            "html", "text/html; charset=utf-8",
            "json", "application/json",
            "txt", "text/plain; charset=utf-8",
            "csv", "text/csv; charset=utf-8",
            "css", "text/css; charset=utf-8",
            "js", "text/javascript; charset=utf-8",
            "png", "image/png",
            "svg", "image/svg+xml");

    private final Path root;

    public StaticFiles(Path root) {
        this.root = root.toAbsolutePath().normalize();
    }

    public Path root() {
        return root;
    }

    /**
     * The file or folder a raw path below the mount point names ("" for the root itself), or empty
     * when it is unsafe or does not exist.
     */
    public Optional<Path> resolve(String rawRelative) {
        if (ENCODED_DANGER.matcher(rawRelative).find() || rawRelative.startsWith("/")) {
            return Optional.empty();
        }
        String decoded = URLDecoder.decode(rawRelative.replace("+", "%2B"), StandardCharsets.UTF_8);
        if (decoded.contains("\\") || decoded.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        String trimmed = decoded.endsWith("/") ? decoded.substring(0, decoded.length() - 1) : decoded;
        if (!trimmed.isEmpty()) {
            for (String segment : trimmed.split("/", -1)) {
                if (segment.isEmpty() || segment.startsWith(".")) {
                    return Optional.empty();
                }
            }
        }
        Path candidate = root.resolve(trimmed).normalize();
        if (!candidate.startsWith(root) || !Files.exists(candidate)) {
            return Optional.empty();
        }
        try {
            Path realRoot = root.toRealPath();
            return candidate.toRealPath().startsWith(realRoot) ? Optional.of(candidate) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public static String contentType(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        String ext = dot < 0 ? "" : name.substring(dot + 1).toLowerCase(Locale.ROOT);
        return TYPES.getOrDefault(ext, "application/octet-stream");
    }
}
