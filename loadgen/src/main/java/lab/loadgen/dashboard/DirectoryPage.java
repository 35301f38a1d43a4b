package lab.loadgen.dashboard;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import lab.loadgen.pages.Templates;

/** A listing of a folder under results/ without an index.html (e.g. a run's raw/ outputs). */
public final class DirectoryPage {

    /** One entry: its name and whether it is a folder. */
    public record Item(String name, boolean folder) {
    }

    private DirectoryPage() {
    }

    static String render(Path root, Path dir) {
        try (Stream<Path> list = Files.list(dir)) {
            List<Item> items = list.filter(p -> !p.getFileName().toString().startsWith("."))
                    .map(p -> new Item(p.getFileName().toString(), Files.isDirectory(p)))
                    .sorted(java.util.Comparator.comparing(Item::name)).toList();
            String rel = root.relativize(dir).toString();
            return Templates.render("directory.ftlh", Map.of("path", "/results/" + (rel.isEmpty() ? "" : rel + "/"),
                    "items", items, "isRoot", rel.isEmpty()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list " + dir + ": " + e.getMessage(), e);
        }
    }
}
