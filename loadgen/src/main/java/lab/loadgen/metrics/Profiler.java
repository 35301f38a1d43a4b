package lab.loadgen.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * async-profiler attached to an instance's running JVM: its native library (from the
 * {@code tools.profiler:async-profiler} jar on loadgen's class path) loaded into the instance through
 * the JDK's attach API ({@code VirtualMachine.loadAgentPath}, what {@code jcmd <pid> JVMTI.agent_load}
 * does), which also carries the commands ({@code start,event=cpu}, then {@code stop,file=flame.html})
 * to the agent once loaded. Only on this machine's own
 * processes (a PID), as the same user; where the library, jcmd or the attach is refused, the call
 * returns why and nothing is profiled.
 */
public final class Profiler {

    private static final String LIBRARY = "linux-x64/libasyncProfiler.so";
    private static volatile Path extracted;

    private Profiler() {
    }

    /** Starts sampling {@code event} (cpu, wall, lock, alloc) in process {@code pid}; null when started, else why not. */
    public static String start(long pid, String event) throws InterruptedException {
        // 1 ms CPU samples: a 2 s window at the default 10 ms gave ~100 samples, too few to rank costs
        return agent(pid, "start,event=" + event + (event.equals("wall") ? ",interval=5ms" : ",interval=1ms"));
    }

    /**
     * Writes what {@code pid} sampled so far to {@code file} without stopping, in the format its name
     * says ({@code .collapsed}: one stack a line, for {@link ProfileShares}); null when written, else why not.
     */
    public static String dump(long pid, Path file) throws InterruptedException {
        String why = agent(pid, "dump,file=" + file.toAbsolutePath());
        return why != null ? why : Files.isRegularFile(file) ? null : "async-profiler wrote no " + file;
    }

    /** Stops sampling in {@code pid} and writes the flame graph (HTML) to {@code file}; null when written, else why not. */
    public static String stop(long pid, Path file) throws InterruptedException {
        String why = agent(pid, "stop,file=" + file.toAbsolutePath());
        return why != null ? why : Files.isRegularFile(file) ? null : "async-profiler wrote no " + file;
    }

    private static String agent(long pid, String command) throws InterruptedException {
        Path lib;
        try {
            lib = library();
        } catch (IOException e) {
            return "async-profiler's library could not be extracted: " + e.getMessage();
        }
        if (lib == null) {
            return "async-profiler has no library for this platform (" + System.getProperty("os.name") + " "
                    + System.getProperty("os.arch") + ")";
        }
        // the JDK's attach API, in loadgen's own JVM: a jcmd per call started a JVM, two per point
        // (about a second each on two busy cores)
        try {
            com.sun.tools.attach.VirtualMachine vm = com.sun.tools.attach.VirtualMachine.attach(Long.toString(pid));
            try {
                vm.loadAgentPath(lib.toString(), command);
                return null;
            } finally {
                vm.detach();
            }
        } catch (com.sun.tools.attach.AgentInitializationException e) {
            return "async-profiler refused '" + command + "' in " + pid + " (code " + e.returnValue() + ")";
        } catch (com.sun.tools.attach.AttachNotSupportedException | com.sun.tools.attach.AgentLoadException
                 | IOException e) {
            return "could not attach to " + pid + ": " + e.getMessage();
        } catch (LinkageError e) {
            return "no attach API (jdk.attach) in this Java runtime: run loadgen on a JDK";
        }
    }

    /**
     * The native library, extracted once to one fixed path per version and kept there: a JVM that
     * loaded it keeps it, and loading it again from the same path sends the agent a command instead
     * of loading a second copy. Null on another platform.
     */
    private static synchronized Path library() throws IOException {
        if (extracted != null) {
            return extracted;
        }
        if (!System.getProperty("os.name").toLowerCase(java.util.Locale.ROOT).contains("linux")
                || !List.of("amd64", "x86_64").contains(System.getProperty("os.arch"))) {
            return null;
        }
        try (InputStream in = Profiler.class.getClassLoader().getResourceAsStream(LIBRARY)) {
            if (in == null) {
                return null;
            }
            byte[] bytes = in.readAllBytes();
            Path lib = Path.of(System.getProperty("java.io.tmpdir"), "asyncdb-lab-libasyncProfiler-"
                    + Integer.toHexString(java.util.Arrays.hashCode(bytes)) + ".so");
            if (!Files.isRegularFile(lib) || Files.size(lib) != bytes.length) {
                Path tmp = Files.createTempFile(lib.getParent(), "libasyncProfiler", ".so");
                Files.write(tmp, bytes);
                Files.move(tmp, lib, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            }
            extracted = lib;
            return lib;
        }
    }
}
