package lab.loadgen.tool;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

/** The command lines each tool builds, and their saturation rules. */
class ToolCommandsTest {

    private static Executable fake(String name) {
        return new Executable(name, Path.of("/usr/bin/" + name), "test", null);
    }

    private static ToolRequest request(int c, Integer rate) {
        return new ToolRequest("127.0.0.1", 8081, "/", c, 5, 100, 5, rate, 2);
    }

    @Test
    void httperfSplitsAbove1000ConnectionsIntoClients() {
        List<List<String>> cmds = new HttperfTool(fake("httperf")).commands(request(2500, null));
        assertEquals(3, cmds.size());
        int total = 0;
        for (int i = 0; i < 3; i++) {
            List<String> c = cmds.get(i);
            assertTrue(c.contains("--hog"));
            assertTrue(c.contains("--client=" + i + "/3"), c.toString());
            assertTrue(c.contains("--num-calls=100"));
            String conns = c.stream().filter(a -> a.startsWith("--num-conns=")).findFirst().orElseThrow();
            String rate = c.stream().filter(a -> a.startsWith("--rate=")).findFirst().orElseThrow();
            assertEquals(Integer.parseInt(conns.substring(12)) * 10, Integer.parseInt(rate.substring(7)),
                    "every connection opened within 0.1 s: all of them overlap");
            total += Integer.parseInt(conns.substring(12));
        }
        assertEquals(2500, total);
        assertEquals(1, new HttperfTool(fake("httperf")).commands(request(1000, null)).size());
    }

    @Test
    void wrkAndWrk2CommandLines() throws java.io.IOException {
        List<String> wrk = new WrkTool(fake("wrk")).commands(request(1, null)).getFirst();
        assertEquals(List.of("/usr/bin/wrk", "-t", "1", "-c", "1", "-d", "5s", "--timeout", "5s", "--latency",
                "-s", WrkScript.path().toString(), "http://127.0.0.1:8081/", "1"), wrk);
        assertTrue(java.nio.file.Files.readString(WrkScript.path()).contains("wrk.headers[\"Prefer\"] = \"handling=strict\""));
        List<String> wrk2 = new Wrk2Tool(fake("wrk2")).commands(request(50, 400)).getFirst();
        assertTrue(String.join(" ", wrk2).contains("-t 2 -c 50 -d 5s --timeout 5s --latency -s " + WrkScript.path() + " -R 400 http://"),
                wrk2.toString());
        assertEquals("25", wrk2.getLast(), "the script's argument: a thread's connections, as wrk divides them");
    }

    @Test
    void wrkIsSaturatedNearAllItsCores() {
        WrkTool wrk = new WrkTool(fake("wrk"));
        Measurement m = Measurement.failed("x");
        assertNotNull(wrk.saturation(request(50, null), m, 185.0));
        assertNull(wrk.saturation(request(50, null), m, 120.0));
        assertNull(wrk.saturation(request(50, null), m, null));
    }

    @Test
    void missingBinaryIsReported() {
        Executable e = Executable.find("no-such-load-tool-here", List.of("-v"));
        assertFalse(e.available());
        assertTrue(e.missingReason().contains("no `no-such-load-tool-here` binary on PATH"));
    }
}
