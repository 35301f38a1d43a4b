package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import lab.microbench.pool.PoolKind;
import lab.microbench.pages.Environment;
import lab.microbench.thesis.ThesisPlan;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A tiny real run (one JMH fork of one short iteration, one second of fairness, a few overhead and validation loops) makes a page. */
class PageWriterTest {

    @TempDir
    Path out;

    @Test
    void pageIsBuiltFromRealResultFiles() throws Exception {
        Plan tiny = new Plan("test", new Plan.Jmh(1, 0, 100, 1, 200),
                List.of(new Plan.Throughput(2, List.of("stub"), List.of("NONE"))), 2, List.of("MARIADB"),
                new Plan.Fairness(4, 2, 100, 1), new Plan.Overhead(2, 2, 2, 50, 10), 50);
        ExperimentRunner runner = new ExperimentRunner(tiny, ThesisPlan.smoke(), List.of(PoolKind.HIKARI, PoolKind.TOMCAT), out,
                Environment.current("polling: test"));
        runner.prepare(Experiment.POOLS);
        for (Experiment e : Experiment.POOLS) {
            runner.run(e);
        }

        PageWriter.write(out);
        Path page = out.resolve(PageWriter.POOLS_PAGE);

        String html = Files.readString(page);
        assertTrue(html.contains("getConnectionAsync"), "fairness rows");
        assertTrue(html.contains("Fairest in this run"), "fairness summary");
        assertTrue(html.contains("ops/ms"), "throughput table");
        assertTrue(html.contains("polling: test"), "what idle cores did, in the machine table");
        assertTrue(html.contains("waterfall"), "waterfall chart");
        assertTrue(html.contains("DEAD_CONNECTION") || html.contains("RECOVERED"), "kill table");
        assertTrue(html.contains("Not run yet: no drivers results"), "missing experiments are said");
        assertTrue(html.contains("new Chart(") && !html.contains("<script src="), "Chart.js inlined, nothing fetched");
        assertTrue(Files.exists(out.resolve("pools-overhead.hlog")), "histogram log");
        String index = Files.readString(out.resolve("index.html"));
        assertTrue(index.contains("href=\"pools-drivers.html\""), "index links the page");
    }
}
