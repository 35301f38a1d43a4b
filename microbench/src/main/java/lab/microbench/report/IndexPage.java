package lab.microbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * results/micro/index.html: links every other HTML page in the directory by its title, so that
 * other benchmark pages (e.g. thesis.html) appear as soon as they are written; call
 * {@link #write(Path)} after writing one.
 */
public final class IndexPage {

    private static final Pattern TITLE = Pattern.compile("<title>(.*?)</title>", Pattern.DOTALL);

    private IndexPage() {
    }

    public static Path write(Path dir) throws IOException {
        List<Path> pages;
        try (Stream<Path> files = Files.list(dir)) {
            pages = files.filter(p -> p.getFileName().toString().endsWith(".html"))
                    .filter(p -> !p.getFileName().toString().equals("index.html")).sorted().toList();
        }
        StringBuilder html = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<title>Micro-benchmarks</title></head>\n<body style=\"font-family:system-ui,sans-serif;margin:2em\">\n"
                + "<h1>Micro-benchmarks</h1>\n<ul>\n");
        for (Path p : pages) {
            String name = p.getFileName().toString();
            html.append("<li><a href=\"").append(Html.esc(name)).append("\">").append(Html.esc(title(p))).append("</a> (")
                    .append(Html.esc(name)).append(")</li>\n");
        }
        if (pages.isEmpty()) {
            html.append("<li>No pages yet.</li>\n");
        }
        html.append("</ul>\n</body></html>\n");
        Path index = dir.resolve("index.html");
        Files.writeString(index, html, StandardCharsets.UTF_8);
        return index;
    }

    private static String title(Path page) throws IOException {
        String text = Files.readString(page, StandardCharsets.UTF_8);
        Matcher m = TITLE.matcher(text.substring(0, Math.min(text.length(), 4096)));
        return m.find() ? m.group(1).trim() : page.getFileName().toString();
    }
}
