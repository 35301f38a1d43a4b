package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class IdleCoresTest {

    /** While held, the kernel's CPU latency limit (what the device reads back) is 0 µs: idle cores poll. */
    @Test
    void holdsTheKernelsLatencyLimitAtZeroWhileOpen() throws Exception {
        Path device = Path.of(IdleCores.DEVICE);
        assumeTrue(Files.isWritable(device), "no writable " + device + " (not root, or no PM QoS here)");
        try (IdleCores idle = IdleCores.poll()) {
            assertTrue(idle.state().startsWith("polling"), idle.state());
            int limit = ByteBuffer.wrap(Files.readAllBytes(device)).order(ByteOrder.nativeOrder()).getInt();
            assertEquals(0, limit, "the QoS limit while held, µs");
            assertEquals("polling: CPU latency QoS 0 µs", IdleCores.now());
        }
    }
}
