package lab.loadgen.pages;

import lab.report.load.ReportPage;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import javax.imageio.ImageIO;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.sweep.SampleResults;

/** The report opens in headless Chromium without console errors and draws its charts. */
class ChromiumReportTest {

    static final Path CHROMIUM = Path.of("/usr/bin/chromium");

    /** Runs headless Chromium on the page with extra arguments; returns stdout, stderr in result[1]. */
    static String[] chromium(Path page, Path tmp, String... extra) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + Files.createTempDirectory(tmp, "profile"),
                "--enable-logging=stderr", "--v=0"));
        cmd.addAll(List.of(extra));
        cmd.add(page.toUri().toString());
        Path err = Files.createTempFile(tmp, "stderr", ".txt");
        Process p = new ProcessBuilder(cmd).redirectError(err.toFile()).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "chromium finished");
        return new String[] {out, Files.readString(err)};
    }

    @Test
    void pageRendersItsChartsWithoutErrors(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(CHROMIUM), "no Chromium at " + CHROMIUM + ": headless rendering test skipped");
        Path page = tmp.resolve("run").resolve("index.html");
        ReportPage.write(SampleResults.portal("run-a"), page);

        String[] dom = chromium(page, tmp, "--dump-dom");
        Matcher ready = Pattern.compile("id=\"charts-ready\" data-charts=\"(\\d+)\"").matcher(dom[0]);
        assertTrue(ready.find(), "the page script ran to its end and marked the DOM");
        // 7 metrics (with achieved concurrency) x 3 tools, less httperf's p99 (no percentiles)
        assertEquals(20, Integer.parseInt(ready.group(1)), "charts drawn");
        assertTrue(dom[0].contains("id=\"verdict-portal\""), "the verdict table is on the page");
        assertTrue(dom[0].contains("id=\"claims\""), "the thesis claims are on the page");
        assertFalse(dom[0].contains("class=\"js-error\""), "no script error reported in the page");
        assertFalse(dom[1].contains(":CONSOLE"), "no console output: " + consoleLines(dom[1]));
        assertTrue(dom[0].contains("httperf prints no latency percentiles"), "the missing chart says why");

        Path png = tmp.resolve("shot.png");
        chromium(page, tmp, "--screenshot=" + png, "--window-size=1400,2000", "--hide-scrollbars");
        assertTrue(Files.size(png) > 50_000, "screenshot is not trivial: " + Files.size(png) + " bytes");
        BufferedImage img = ImageIO.read(png.toFile());
        assertEquals(1400, img.getWidth());
        Set<Integer> colors = new HashSet<>();
        for (int y = 0; y < img.getHeight(); y += 3) {
            for (int x = 0; x < img.getWidth(); x += 3) {
                colors.add(img.getRGB(x, y));
            }
        }
        assertTrue(colors.size() > 200, "charts drawn in colour: " + colors.size() + " distinct colours");
        Path kept = Path.of("target", "report-screenshot.png");
        Files.copy(png, kept, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
    }

    private static String consoleLines(String stderr) {
        return String.join("\n", stderr.lines().filter(l -> l.contains(":CONSOLE")).toList());
    }
}
