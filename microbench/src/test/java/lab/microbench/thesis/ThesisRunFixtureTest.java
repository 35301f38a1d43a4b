package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.verdict.Claim;

/**
 * The claims of one real {@code make thesis-quick} run on this kind of machine (2 cores), held against
 * the labels its page gave (issue 68, item 7). The fixture, {@code quick-run/} beside this class'
 * resources: the run's micro result files as microbench wrote them (JMH scores with their forks, the
 * metas with the link's calibration) and its load run's {@code results.json} ({@code load-results.json});
 * {@code expected-labels.tsv}: source, claim and label of each claim, in the page's order. A rule
 * that changes a label fails here and writes the labels it gave to {@code target/expected-labels.actual.tsv}:
 * review their diff, then copy them over the file.
 */
class ThesisRunFixtureTest {

    @Test
    void everyClaimOfARealQuickRunKeepsItsLabel() throws Exception {
        Path dir = Path.of(getClass().getResource("quick-run").toURI());
        Results load = ResultsJson.read(dir.resolve("load-results.json"));
        List<Claim> claims = new ThesisResults(dir).claims(Optional.of(load));
        List<String> actual = claims.stream().map(c -> c.source() + "\t" + c.claim() + "\t" + c.label()).toList();
        List<String> expected = Files.readAllLines(dir.resolve("expected-labels.tsv"));
        if (!expected.equals(actual)) { // the rows to review, and to copy over the file once reviewed
            Files.write(Path.of("target", "expected-labels.actual.tsv"), actual);
            Files.write(Path.of("target", "expected-labels.evidence.tsv"), claims.stream().map(Claim::evidence).toList());
        }
        assertEquals(String.join("\n", expected), String.join("\n", actual));
    }

    /** Every label from a JVM started elsewhere: no rule may read the working directory (the complexity claim once did). */
    @Test
    void everyLabelIsTheSameFromAnyWorkingDirectory(@TempDir Path elsewhere) throws Exception {
        Path dir = Path.of(getClass().getResource("quick-run").toURI()).toAbsolutePath();
        String here = labelsFrom(Path.of("").toAbsolutePath(), dir);
        assertEquals(here, labelsFrom(elsewhere, dir));
        assertEquals(here, labelsFrom(Path.of("/"), dir));
        assertTrue(here.contains("5\t"), here);
    }

    private static String labelsFrom(Path workingDir, Path run) throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), LabelsOf.class.getName(), run.toString())
                .directory(workingDir.toFile()).redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), out);
        return out;
    }

    @Test
    void theRealRunsPageOpensWithItsSummary() throws Exception {
        Path dir = Path.of(getClass().getResource("quick-run").toURI());
        Results load = ResultsJson.read(dir.resolve("load-results.json"));
        String html = ThesisPage.render(dir, Optional.of(load));
        String summary = lab.report.verdict.ThesisClaims.summary(new ThesisResults(dir).claims(Optional.of(load)));
        String plain = summary.split("['&<>\"]")[0]; // up to the first character the page escapes
        assertTrue(html.contains("id=\"summary\"") && html.contains(plain), plain);
    }
}
