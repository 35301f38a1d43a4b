package lab.loadgen.verify;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.stream.IntStream;

/**
 * The TCP ports of a host that accept a connection from here, as a stranger's scan sees them
 * ({@code make e2e-swarm NODES=3} runs it from an address none of the lab's hosts trusts). A port
 * that refuses, resets or stays silent for the timeout is closed.
 */
public record PortScan(String host, int timeoutMs) {

    /** Connections tried at once: a silent port costs its timeout, so 65,535 of them would take hours one by one. */
    private static final int AT_ONCE = 256;

    public List<Integer> open(int first, int last) throws InterruptedException {
        Semaphore slots = new Semaphore(AT_ONCE);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<Boolean>> probes = IntStream.rangeClosed(first, last).mapToObj(port -> pool.submit(() -> {
                slots.acquire();
                try {
                    return accepts(port);
                } finally {
                    slots.release();
                }
            })).toList();
            List<Integer> open = new ArrayList<>();
            for (int i = 0; i < probes.size(); i++) {
                try {
                    if (probes.get(i).get()) {
                        open.add(first + i);
                    }
                } catch (ExecutionException e) {
                    throw new IllegalStateException("port " + (first + i) + ": " + e.getCause(), e.getCause());
                }
            }
            return open;
        }
    }

    private boolean accepts(int port) {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress(host, port), timeoutMs);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
