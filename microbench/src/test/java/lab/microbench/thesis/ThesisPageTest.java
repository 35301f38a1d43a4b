package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The page from a real (short) JMH result file of Table 4.1; the other experiments are said to be missing. */
class ThesisPageTest {

    @TempDir
    Path out;

    @Test
    void pageShowsTable41BesideTheThesisAndTheIndexLinksIt() throws Exception {
        for (String name : new String[] {"thesis-table41.json", "thesis-table41.meta.json"}) {
            try (InputStream in = getClass().getResourceAsStream(name)) {
                Files.copy(in, out.resolve(name));
            }
        }

        Path page = ThesisPage.write(out);

        String html = Files.readString(page);
        assertTrue(html.contains("<title>Thesis micro-benchmarks (chapter 4.1)</title>"));
        assertTrue(html.contains("nonblocking-pipelined") && html.contains(" ± "), "our rows with errors");
        assertTrue(html.contains("thesis 2010: JDBC") && html.contains("79.2") && html.contains("4.84"), "thesis rows");
        assertTrue(html.contains("Not run yet"), "missing experiments are said");
        assertTrue(html.contains("new Chart(") && !html.contains("<script src="), "Chart.js inlined");
        assertTrue(html.contains("&quot;forks&quot;:2"), "run parameters shown");
        assertTrue(Files.readString(out.resolve("index.html")).contains("href=\"thesis.html\""), "index links the page");
        assertTrue(html.contains("Verdict: the thesis&#39; claims on this run") && html.contains("badge not-measured"), "claims listed");
        assertTrue(html.contains("emulated 0.19 ms link: not measured in this run"), "the 0.19 ms row set is said to be missing");
    }

    @Test
    void table41OverTheEmulatedLinkIsReadFromItsOwnFile() throws Exception {
        for (String name : new String[] {"thesis-table41.json", "thesis-table41.meta.json"}) {
            try (InputStream in = getClass().getResourceAsStream(name)) {
                Files.copy(in, out.resolve(name));
            }
        }
        String lan = Files.readString(out.resolve("thesis-table41.json")).replace("\"oneWayMicros\" : \"0\"", "\"oneWayMicros\" : \"95\"");
        Files.writeString(out.resolve("thesis-table41-lan.json"), lan);

        String html = Files.readString(ThesisPage.write(out));
        assertTrue(html.contains("(emulated 0.19 ms link)</td>"), "row set over the 0.19 ms link");
        assertTrue(html.contains("Table 4.1, MySQL, 0.19 ms link") && !html.contains("emulated 0.19 ms link: not measured"));
    }
}
