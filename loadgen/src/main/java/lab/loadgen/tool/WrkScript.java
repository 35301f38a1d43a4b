package lab.loadgen.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The Lua script wrk and wrk2 run in every sweep ({@code status.lua}): it sends
 * {@code Prefer: handling=strict} and prints the answers by status code ("Status codes: 200=n
 * 502=m"), which {@link WrkOutput} reads to count successes, and the time-mean of the requests in
 * flight ("In flight after the first answer: 9876.5"), Little's law for a tool whose mean is corrected. wrk loads a script from a file, so the
 * resource is copied to a temporary file once per JVM.
 */
final class WrkScript {

    private static Path file;

    private WrkScript() {
    }

    static synchronized Path path() {
        if (file == null || !Files.isRegularFile(file)) {
            try (InputStream in = WrkScript.class.getResourceAsStream("status.lua")) {
                if (in == null) {
                    throw new IllegalStateException("status.lua is missing from loadgen's jar");
                }
                Path tmp = Files.createTempFile("loadgen-status", ".lua");
                Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                tmp.toFile().deleteOnExit();
                file = tmp;
            } catch (IOException e) {
                throw new UncheckedIOException("cannot write wrk's status script", e);
            }
        }
        return file;
    }
}
