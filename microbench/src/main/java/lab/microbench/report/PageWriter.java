package lab.microbench.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.report.Page;

/** Writes pools-drivers.html from whatever results the directory holds, then refreshes index.html. */
public final class PageWriter {

    public static final String PAGE = "pools-drivers.html";

    private PageWriter() {
    }

    public static Path write(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Section> sections = List.of(new ThroughputSection(dir), new FairnessSection(dir), new OverheadSection(dir),
                new ValidationSection(dir), new DriverSection(dir));
        Page html = new Page();
        environment(html, sections);
        sections.forEach(s -> s.render(html));
        Path page = dir.resolve(PAGE);
        Files.writeString(page, html.render("Connection pools and JDBC drivers",
                "Re-runs of seeds 000 (Tomcat jdbc-pool), 002 (MariaDB vs MySQL JDBC drivers), 003 (Wix pool overhead) and "
                        + "004 (pool validation) with today's versions, against real local servers. Every figure in a plain row "
                        + "comes from a run of this module (result files beside this page); rows shaded yellow are the seeds' "
                        + "own published figures, on their hardware.", IndexPage.LINK), StandardCharsets.UTF_8);
        IndexPage.write(dir);
        return page;
    }

    private static void environment(Page html, List<Section> sections) {
        Optional<Meta> meta = sections.stream().map(Section::meta).flatMap(Optional::stream).findFirst();
        html.section("machine", "Machine and versions");
        if (meta.isEmpty()) {
            html.note("No results yet: run java -jar microbench/target/microbench.jar run --quick");
            return;
        }
        Environment e = meta.get().environment();
        html.table(List.of("what", "value"), List.of(
                Page.Row.text("CPU", e.cpus() + " × " + e.cpuModel()),
                Page.Row.text("memory", e.memoryMb() + " MB"),
                Page.Row.text("OS", e.os()),
                Page.Row.text("JVM", e.jvm()),
                Page.Row.text("MariaDB", e.mariadb()),
                Page.Row.text("PostgreSQL", e.postgresql()),
                Page.Row.text("libraries", e.libraries().toString())));
        html.note("Client and servers share the same machine (no network hop), as in the seeds' local runs.");
    }
}
