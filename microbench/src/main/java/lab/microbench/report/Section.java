package lab.microbench.report;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import tools.jackson.core.type.TypeReference;
import lab.report.Page;

/** One part of the page, drawn from the result files of one experiment in the results directory. */
abstract class Section {

    protected final Path dir;
    private final String id;
    private final String title;
    private final String experiment;

    Section(Path dir, String id, String title, String experiment) {
        this.dir = dir;
        this.id = id;
        this.title = title;
        this.experiment = experiment;
    }

    final void render(Page html) {
        html.section(id, title);
        Optional<Meta> meta = meta();
        if (meta.isEmpty() || meta.get().files().stream().noneMatch(f -> Files.exists(dir.resolve(f)))) {
            html.note("Not run yet: no " + experiment + " results in " + dir + ".");
            return;
        }
        Meta m = meta.get();
        html.note(String.format(java.util.Locale.ROOT, "Run: %s mode, started %s, took %.0f s; 1-minute load average %s before, %s after "
                        + "(%d CPUs: a load above that means other work shared the machine). Parameters: %s. Files: %s.",
                m.mode(), m.started(), m.seconds(), load(m, 0), load(m, 1), m.environment().cpus(),
                Json.inline(m.parameters()), String.join(", ", m.files())));
        body(html, m);
    }

    protected abstract void body(Page html, Meta meta);

    private static String load(Meta m, int i) {
        return m.loadAverage() == null || m.loadAverage().size() <= i ? "?" : String.valueOf(m.loadAverage().get(i));
    }

    Optional<Meta> meta() {
        Path file = dir.resolve(Meta.fileName(experiment));
        return Files.exists(file) ? Optional.of(Json.read(file, Meta.class)) : Optional.empty();
    }

    protected <T> T read(String file, TypeReference<T> type) {
        return Json.MAPPER.readValue(dir.resolve(file).toFile(), type);
    }
}
