package lab.link;

import java.io.FileOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Keeps idle cores polling instead of halting while a run lasts: the kernel's CPU latency QoS
 * request at 0 µs ({@code /dev/cpu_dma_latency}, held as long as the file stays open, what tuned's
 * latency-performance profile does). On a VM a halted vCPU leaves to the hypervisor, and waking it
 * costs tens of µs: every blocking round trip pays that wake-up on both sides, so on loopback
 * Table 4.1's jdbc loop took 0.10 ms a query where the same call on a pool thread, whose core
 * never idled, took 0.05, and the 1 GbE link as the table saw it read half its calibration.
 * microbench runs and load tests hold it, so that a link below a millisecond adds what it says.
 * Where the file cannot be written (not root, a container) the run goes on and says so;
 * {@code -Dlab.idleCores=halt} leaves the cores to halt as the machine would.
 */
public final class IdleCores implements AutoCloseable {

    static final String DEVICE = "/dev/cpu_dma_latency";
    private static final int NO_REQUEST_US = 2_000_000_000;

    private final FileOutputStream held;
    private final String state;

    private IdleCores(FileOutputStream held, String state) {
        this.held = held;
        this.state = state;
    }

    public static IdleCores poll() {
        if ("halt".equals(System.getProperty("lab.idleCores"))) {
            return new IdleCores(null, "may halt: left to the kernel (-Dlab.idleCores=halt)");
        }
        try {
            FileOutputStream out = new FileOutputStream(DEVICE);
            out.write(ByteBuffer.allocate(4).order(ByteOrder.nativeOrder()).putInt(0).array());
            out.flush();
            return new IdleCores(out, "polling: CPU latency QoS held at 0 µs (" + DEVICE + ") for the run");
        } catch (IOException | SecurityException e) {
            return new IdleCores(null, "may halt: " + DEVICE + " not writable (" + e.getMessage()
                    + "), so a wake-up may add to each blocking round trip");
        }
    }

    /** What the run's cores did when idle, for the machine table. */
    public String state() {
        return state;
    }

    /**
     * What idle cores do now, whoever asked for it: the kernel's CPU latency limit as the device
     * reads back, or null where it cannot be read (not root, a container).
     */
    public static String now() {
        try {
            int limitUs = ByteBuffer.wrap(Files.readAllBytes(Path.of(DEVICE))).order(ByteOrder.nativeOrder()).getInt();
            if (limitUs == 0) {
                return "polling: CPU latency QoS 0 µs";
            }
            return limitUs >= NO_REQUEST_US ? "may halt: no CPU latency QoS request"
                    : "may halt when a wake-up takes under " + limitUs + " µs: CPU latency QoS " + limitUs + " µs";
        } catch (IOException | SecurityException | java.nio.BufferUnderflowException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (held != null) {
            try {
                held.close();
            } catch (IOException e) {
                // the request ends with the process anyway
            }
        }
    }
}
