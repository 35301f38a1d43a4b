package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

/** The load tool's open connections, counted from this namespace's TCP tables. */
class ToolConnectionsTest {

    /**
     * The client side of each connection another process holds (as wrk does; here bash's /dev/tcp);
     * this JVM's own sockets (the server's here, the metrics scraper's keep-alive connection in a
     * sweep) are left out.
     */
    @Test
    void countsTheConnectionsAnotherProcessHoldsOpenToThePort() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
             Socket ownClient = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
             Socket ownAccepted = server.accept()) {
            int port = server.getLocalPort();
            assumeTrue(ToolConnections.count(port).isPresent(), "no /proc/net/tcp here");
            assertEquals(OptionalInt.of(0), ToolConnections.count(port), "this JVM's own connection is not the tool's");
            String tcp = "/dev/tcp/127.0.0.1/" + port;
            Process tool = new ProcessBuilder("bash", "-c", "exec 3<>" + tcp + " 4<>" + tcp + " 5<>" + tcp + "; sleep 30").start();
            List<Socket> accepted = new ArrayList<>();
            try {
                for (int i = 0; i < 3; i++) {
                    accepted.add(server.accept());
                }
                assertEquals(OptionalInt.of(3), ToolConnections.count(port));
            } finally {
                tool.destroyForcibly().waitFor();
                for (Socket s : accepted) {
                    s.close();
                }
            }
            long deadline = System.nanoTime() + 5_000_000_000L;
            while (ToolConnections.count(port).orElseThrow() > 0 && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertEquals(0, ToolConnections.count(port).orElseThrow(), "closed connections no longer count");
        }
    }

    @Test
    void onlyEstablishedRowsToThatRemotePortCount() {
        String table = """
                  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
                   0: 0100007F:D431 0100007F:2383 01 00000000:00000000 00:00000000 00000000     0        0 1 1
                   1: 0100007F:2383 0100007F:D431 01 00000000:00000000 00:00000000 00000000     0        0 2 1
                   2: 0100007F:D432 0100007F:2383 06 00000000:00000000 00:00000000 00000000     0        0 0 3
                   3: 0100007F:D433 0100007F:2384 01 00000000:00000000 00:00000000 00000000     0        0 4 1
                """;
        assertEquals(1, ToolConnections.count(Stream.of(table.split("\n")), 9091, Set.of()), "port 9091 is 2383 in hex");
        assertEquals(0, ToolConnections.count(Stream.of(table.split("\n")), 9091, Set.of("1")), "the inode of one of ours");
    }
}
