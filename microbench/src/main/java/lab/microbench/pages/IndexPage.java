package lab.microbench.pages;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import lab.report.Templates;

/**
 * results/micro/index.html: links every other HTML page in the directory by its title, so that
 * other benchmark pages (e.g. thesis.html) appear as soon as they are written; call
 * {@link #write(Path)} after writing one.
 */
public final class IndexPage {

    /** The navigation entry every micro page carries back to this one. */
    public static final Map<String, String> LINK = Map.of("index", "index.html");

    static final Templates TEMPLATES = Templates.of("lab/microbench/templates");
    private static final Pattern TITLE = Pattern.compile("<title>(.*?)</title>", Pattern.DOTALL);

    private IndexPage() {
    }

    public static Path write(Path dir) throws IOException {
        List<Map<String, String>> pages = new ArrayList<>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path p : files.filter(f -> f.getFileName().toString().endsWith(".html"))
                    .filter(f -> !f.getFileName().toString().equals("index.html")).sorted().toList()) {
                pages.add(Map.of("file", p.getFileName().toString(), "title", title(p)));
            }
        }
        Path index = dir.resolve("index.html");
        Files.writeString(index, TEMPLATES.render("index.ftlh", Map.of("pages", pages)), StandardCharsets.UTF_8);
        return index;
    }

    /** The page's title as written (the template escaped it; FreeMarker escapes it again, so unescape the five entities). */
    private static String title(Path page) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        Matcher m = TITLE.matcher(text.substring(0, Math.min(text.length(), 4096)));
        if (!m.find()) {
            return page.getFileName().toString();
        }
        return m.group(1).trim().replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'")
                .replace("&amp;", "&");
    }
}
