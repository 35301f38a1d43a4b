package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.FakeFreeInstance;
import lab.loadgen.Fixtures;
import lab.loadgen.Main;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.ResultsJson;
import lab.report.results.Series;

/**
 * The wrk2 plumbing where no wrk2 binary exists: real wrk measures the peak, and a stand-in for
 * wrk2 records the arguments it was given and prints a real wrk2 output (a test fixture).
 * Checks the rate handed to wrk2 is the configured fraction of that peak and its output is read.
 */
class Wrk2RateTest {

    @Test
    void wrk2RunsAtTheFractionOfWrksPeak(@TempDir Path tmp) throws Exception {
        assumeTrue(Files.isExecutable(Path.of("/usr/bin/wrk")), "wrk is needed at /usr/bin/wrk");
        Path fixture = Fixtures.dir().resolve("wrk2-latency.txt").toAbsolutePath();
        Path args = tmp.resolve("wrk2-args.txt");
        Path standIn = tmp.resolve("wrk2");
        Files.writeString(standIn, "#!/bin/sh\necho \"$@\" >> '" + args + "'\ncat '" + fixture + "'\n");
        Files.setPosixFilePermissions(standIn, PosixFilePermissions.fromString("rwxr-xr-x"));
        Path results = tmp.resolve("results");
        try (FakeFreeInstance server = new FakeFreeInstance()) {
            int exit = Main.commandLine().execute("sweep", "--instances", server.writeConf(tmp, "virtual").toString(),
                    "--results-dir", results.toString(), "--profile", "smoke", "--tools", "wrk,wrk2",
                    "--wrk2", standIn.toString(), "--wrk2-fraction", "0.5", "--levels", "2", "--duration", "1",
                    "--warmup", "0", "--pause", "0");
            assertEquals(0, exit);
        }
        Results r = ResultsJson.read(results.resolve("latest").resolve("results.json"));
        assertEquals(List.of("wrk", "wrk2"), r.series().stream().map(Series::tool).toList());
        Point wrk = r.series().get(0).points().getFirst();
        Point wrk2 = r.series().get(1).points().getFirst();
        long expected = Math.max(1, Math.round(wrk.requestsPerSec() * 0.5));
        Matcher m = Pattern.compile("-R (\\d+) ").matcher(Files.readString(args));
        assertTrue(m.find(), Files.readString(args));
        assertEquals(expected, Long.parseLong(m.group(1)));
        assertEquals((double) expected, wrk2.targetRate());
        assertEquals(1110.0, wrk2.p999Ms(), 1e-9, "wrk2's output was parsed");
        assertTrue(r.run().tools().get("wrk2").used());
    }
}
