package lab.microbench.thesis;

import java.io.IOException;
import java.util.List;

/**
 * A network namespace of our own with a veth pair to the root namespace (10.213.0.1 here,
 * 10.213.0.2 inside), and {@code tc netem} on both ends when the kernel has it. {@link #probe()}
 * creates and removes one to tell whether emulated links can use the kernel, and why not.
 */
public final class Netns implements AutoCloseable {

    public static final String HOST_ADDRESS = "10.213.0.1";
    public static final String NS_ADDRESS = "10.213.0.2";

    public final String name;
    private final String hostVeth;
    private boolean created;

    /** The answer of {@link #probe()}: whether namespaces and netem work, and the error text where not. */
    public record Support(boolean namespaces, boolean netem, String reason) {
    }

    public Netns(String name) {
        this.name = name;
        this.hostVeth = "vb" + Integer.toHexString(name.hashCode() & 0xfffff);
    }

    /** Creates the namespace and the veth pair, addresses them and brings them up; removes all on failure. */
    public Netns create() throws IOException {
        try {
            run("ip", "netns", "add", name);
            created = true;
            run("ip", "link", "add", hostVeth, "type", "veth", "peer", "name", "eth0", "netns", name);
            run("ip", "addr", "add", HOST_ADDRESS + "/30", "dev", hostVeth);
            run("ip", "link", "set", hostVeth, "up");
            run("ip", "netns", "exec", name, "ip", "addr", "add", NS_ADDRESS + "/30", "dev", "eth0");
            run("ip", "netns", "exec", name, "ip", "link", "set", "eth0", "up");
            run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up");
            return this;
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    /** {@code tc qdisc add dev <veth> root netem delay <oneWay>} on both ends of the pair. */
    public void delay(long oneWayMicros) throws IOException {
        run("tc", "qdisc", "add", "dev", hostVeth, "root", "netem", "delay", oneWayMicros + "us");
        run("ip", "netns", "exec", name, "tc", "qdisc", "add", "dev", "eth0", "root", "netem", "delay", oneWayMicros + "us");
    }

    public boolean exists() throws IOException {
        return run(false, "ip", "netns", "list").lines().anyMatch(l -> l.split(" ")[0].equals(name));
    }

    /** Deleting the namespace deletes its veth end, the peer and their qdiscs with it. */
    @Override
    public void close() {
        if (!created) {
            return;
        }
        try {
            run(false, "ip", "link", "del", hostVeth);
            run(false, "ip", "netns", "del", name);
            created = false;
        } catch (IOException e) {
            System.err.println("[netns] could not remove " + name + ": " + e.getMessage());
        }
    }

    /** Tries a namespace with netem on its veth pair, removes it, and reports what worked. */
    public static Support probe() {
        try (Netns ns = new Netns("thesisprobe" + ProcessHandle.current().pid())) {
            try {
                ns.create();
            } catch (IOException e) {
                return new Support(false, false, "network namespaces unavailable: " + e.getMessage());
            }
            try {
                ns.delay(100);
                return new Support(true, true, "");
            } catch (IOException e) {
                return new Support(true, false, "tc netem unavailable (the kernel has no sch_netem): " + e.getMessage());
            }
        }
    }

    private static void run(String... command) throws IOException {
        Shell.run(true, List.of(command));
    }

    private static String run(boolean check, String... command) throws IOException {
        return Shell.run(check, List.of(command));
    }
}
