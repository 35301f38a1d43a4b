package lab.microbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import lab.microbench.pages.IndexPage;
import lab.microbench.pages.Section;
import lab.microbench.thesis.ThesisPage;
import lab.report.Page;
import lab.report.results.Results;
import lab.report.results.ResultsJson;

/**
 * The one page writer of this module: from whatever results the directory holds, pools-drivers.html
 * (seeds 000, 002, 003, 004), thesis.html (chapter 4: Table 4.1, Figures 4.1–4.5 from the micro
 * results, Figures 4.6–4.9 from a load run when one is given), then index.html linking them.
 */
public final class PageWriter {

    public static final String POOLS_PAGE = "pools-drivers.html";

    private PageWriter() {
    }

    /** Every page without a load run. */
    public static List<Path> write(Path dir) throws IOException {
        return write(dir, null);
    }

    /**
     * @param loadRun a load run's folder (with results.json) for the thesis page's Figures 4.6–4.9, or null
     * @return the pages written, the index last
     */
    public static List<Path> write(Path dir, Path loadRun) throws IOException {
        Files.createDirectories(dir);
        Path pools = dir.resolve(POOLS_PAGE);
        Files.writeString(pools, poolsAndDrivers(dir), StandardCharsets.UTF_8);
        Path thesis = dir.resolve(ThesisPage.PAGE);
        Files.writeString(thesis, ThesisPage.render(dir, load(loadRun)), StandardCharsets.UTF_8);
        return List.of(pools, thesis, IndexPage.write(dir));
    }

    private static Optional<Results> load(Path run) {
        if (run == null) {
            return Optional.empty();
        }
        Path json = run.resolve(ResultsJson.FILE_NAME);
        if (!Files.isRegularFile(json)) {
            throw new IllegalArgumentException("--load " + run + ": no " + ResultsJson.FILE_NAME + " there");
        }
        return Optional.of(ResultsJson.read(json));
    }

    private static String poolsAndDrivers(Path dir) {
        List<Section> sections = Section.poolsAndDrivers(dir);
        Page html = new Page();
        Section.machine(html, sections.stream().map(Section::meta).flatMap(Optional::stream).findFirst(),
                "No results yet: run java -jar microbench/target/microbench.jar run --only pools,drivers",
                "Client and servers share the same machine (no network hop), as in the seeds' local runs.");
        sections.forEach(s -> s.render(html));
        return html.render("Connection pools and JDBC drivers",
                "Re-runs of seeds 000 (Tomcat jdbc-pool), 002 (MariaDB vs MySQL JDBC drivers), 003 (Wix pool overhead) and "
                        + "004 (pool validation) with today's versions, against real local servers. Every figure in a plain row "
                        + "comes from a run of this module (result files beside this page); rows shaded yellow are the seeds' "
                        + "own published figures, on their hardware.", IndexPage.LINK);
    }
}
