package lab.microbench.pages;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;
import lab.report.Page;

/**
 * One part of a page, drawn from the result files of one experiment in the results directory; and
 * what every micro page shows the same way: an experiment's meta, its run note, the machine.
 */
public abstract class Section {

    protected final Path dir;
    private final String id;
    private final String title;
    private final String experiment;

    protected Section(Path dir, String id, String title, String experiment) {
        this.dir = dir;
        this.id = id;
        this.title = title;
        this.experiment = experiment;
    }

    /** The sections of pools-drivers.html: seeds 000, 003, 004 and 002. */
    public static List<Section> poolsAndDrivers(Path dir) {
        return List.of(new ThroughputSection(dir), new FairnessSection(dir), new OverheadSection(dir),
                new ValidationSection(dir), new DriverSection(dir));
    }

    public final void render(Page html) {
        html.section(id, title);
        Optional<Meta> meta = meta();
        if (meta.isEmpty() || meta.get().files().stream().noneMatch(f -> Files.exists(dir.resolve(f)))) {
            html.note(meta.isEmpty() ? "Not run yet: no " + experiment + " results in " + dir + "."
                    : "Skipped: " + meta.get().parameters().getOrDefault("skipped", meta.get().parameters()
                    .getOrDefault("failed", "no result file")));
            return;
        }
        runNote(html, meta.get());
        body(html, meta.get());
    }

    protected abstract void body(Page html, Meta meta);

    public Optional<Meta> meta() {
        return meta(dir, experiment);
    }

    /** The meta file of an experiment, when it ran. */
    public static Optional<Meta> meta(Path dir, String experiment) {
        Path file = dir.resolve(Meta.fileName(experiment));
        return Files.exists(file) ? Optional.of(Json.read(file, Meta.class)) : Optional.empty();
    }

    /** How the experiment ran: mode, start, length, load average before and after, parameters, files. */
    public static void runNote(Page html, Meta m) {
        html.note(String.format(Locale.ROOT, "Run: %s mode, started %s, took %.0f s; 1-minute load average %s before, %s after "
                        + "(%d CPUs: a load above that means other work shared the machine). Parameters: %s. Files: %s.",
                m.mode(), m.started(), m.seconds(), load(m, 0), load(m, 1), m.environment().cpus(),
                Json.inline(m.parameters()), String.join(", ", m.files())));
    }

    /** The machine and versions of the first experiment found, or {@code none} when nothing ran; {@code note} below. */
    public static void machine(Page html, Optional<Meta> meta, String none, String note) {
        html.section("machine", "Machine and versions");
        if (meta.isEmpty()) {
            html.note(none);
            return;
        }
        Environment e = meta.get().environment();
        html.table(List.of("what", "value"), List.of(
                Page.Row.text("CPU", e.cpus() + " × " + e.cpuModel()),
                Page.Row.text("memory", e.memoryMb() + " MB"),
                Page.Row.text("OS", e.os()),
                Page.Row.text("JVM", e.jvm()),
                Page.Row.text("idle cores", e.idleCores() == null ? "not recorded (an older run)" : e.idleCores()),
                Page.Row.text("MariaDB", e.mariadb()),
                Page.Row.text("PostgreSQL", e.postgresql()),
                Page.Row.text("libraries", e.libraries().toString())));
        html.note(note);
    }

    private static String load(Meta m, int i) {
        return m.loadAverage() == null || m.loadAverage().size() <= i ? "?" : String.valueOf(m.loadAverage().get(i));
    }

    protected <T> T read(String file, TypeReference<T> type) {
        return Json.MAPPER.readValue(dir.resolve(file).toFile(), type);
    }
}
