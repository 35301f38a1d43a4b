package lab.microbench.thesis;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs a system command (ip, tc, initdb, pg_ctl) and returns its output; {@code check} makes a non-zero exit an error. */
final class Shell {

    private Shell() {
    }

    static String run(boolean check, List<String> command) throws IOException {
        Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        try {
            if (!p.waitFor(120, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new IOException(String.join(" ", command) + ": timed out");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        if (check && p.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " → " + out);
        }
        return out;
    }
}
