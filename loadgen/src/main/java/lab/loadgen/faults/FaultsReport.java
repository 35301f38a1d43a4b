package lab.loadgen.faults;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.loadgen.pages.Templates;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/** results/faults-&lt;id&gt;/faults.json and its page: one matrix per app, a cell per fault × mode. */
public final class FaultsReport {

    public static final String JSON = "faults.json";
    private static final JsonMapper MAPPER = JsonMapper.builder().enable(SerializationFeature.INDENT_OUTPUT).build();

    /** What was run, with what settings, and every cell. */
    public record Run(String id, String started, String finished, String status, Map<String, Object> settings, List<Cell> cells) {
    }

    private FaultsReport() {
    }

    public static void write(Path dir, Run run) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve(JSON), MAPPER.writeValueAsString(run));
        Files.writeString(dir.resolve("index.html"), html(run));
    }

    public static Run read(Path dir) {
        return MAPPER.readValue(dir.resolve(JSON).toFile(), Run.class);
    }

    /** The page's one-line answer: "54 cells: 54 green, 0 amber, 0 red; not green: …". */
    static String summary(List<Cell> cells) {
        Map<String, Long> by = new LinkedHashMap<>();
        for (String g : List.of(Cell.GREEN, Cell.AMBER, Cell.RED)) {
            by.put(g, cells.stream().filter(c -> c.grade().equals(g)).count());
        }
        String text = cells.size() + " cells: " + by.get(Cell.GREEN) + " green, " + by.get(Cell.AMBER) + " amber, " + by.get(Cell.RED) + " red";
        List<String> others = cells.stream().filter(c -> !c.grade().equals(Cell.GREEN))
                .map(c -> c.instance() + " (" + c.fault() + ") " + c.grade()).toList();
        return others.isEmpty() ? text + "." : text + "; not green: " + String.join(", ", others) + ".";
    }

    static String html(Run run) {
        List<Map<String, Object>> apps = new ArrayList<>();
        Set<String> appNames = new LinkedHashSet<>();
        run.cells().forEach(c -> appNames.add(c.app()));
        for (String app : appNames) {
            List<Cell> cells = run.cells().stream().filter(c -> c.app().equals(app)).toList();
            Set<String> modes = new LinkedHashSet<>();
            cells.forEach(c -> modes.add(c.mode()));
            List<Map<String, Object>> rows = new ArrayList<>();
            for (Fault f : Fault.values()) {
                List<Object> row = new ArrayList<>();
                boolean any = false;
                for (String mode : modes) {
                    Cell cell = cells.stream().filter(c -> c.mode().equals(mode) && c.fault().equals(f.letter)).findFirst().orElse(null);
                    row.add(cell == null ? Map.of() : Map.of("c", cell));
                    any |= cell != null;
                }
                if (any) {
                    rows.add(Map.of("letter", f.letter, "label", f.label, "how", f.how, "cells", row));
                }
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", app);
            m.put("modes", List.copyOf(modes));
            m.put("rows", rows);
            apps.add(m);
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("title", "Faults " + run.id());
        model.put("run", run);
        model.put("apps", apps);
        model.put("summary", summary(run.cells()));
        model.put("maxLogLines", InstanceLog.MAX_LINES);
        return Templates.render("faults.ftlh", model);
    }
}
