package lab.loadgen.sweep;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import lab.report.results.Machine;

/**
 * Facts about this machine, whether the instances run on it too, and where the lab ran: the
 * compose and swarm files set {@code LAB_RUNTIME} and {@code LAB_CPU_CAPS} for the loadgen container.
 */
final class MachineFacts {

    private MachineFacts() {
    }

    /**
     * @param hosts  the instance hosts of the run
     * @param shared --shared-machine when given (overrides detection), else null
     */
    static Machine collect(Collection<Target> targets, Boolean shared) {
        List<String> hosts = targets.stream().map(Target::host).distinct().toList();
        long memMb = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
                .getTotalMemorySize() / (1024 * 1024);
        String jvm = System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version")
                + " (" + System.getProperty("java.vendor") + ")";
        Boolean sharedMachine = shared;
        String basis = "--shared-machine option";
        if (shared == null) {
            boolean allLocal = !hosts.isEmpty() && hosts.stream().allMatch(MachineFacts::isLocal);
            sharedMachine = allLocal ? Boolean.TRUE : null;
            basis = allLocal ? "every instance host is an address of this machine"
                    : "some instance hosts are not addresses of this machine (containers or other hosts); "
                    + "pass --shared-machine=true|false to record it";
        }
        String runtime = System.getenv().getOrDefault("LAB_RUNTIME", "native");
        String caps = cpuCaps(System.getenv().getOrDefault("LAB_CPU_CAPS", runtime.equals("native") ? "" : null));
        return new Machine(Runtime.getRuntime().availableProcessors(), memMb, os(), jvm, hostName(),
                sharedMachine, basis, runtime, caps, LabSettings.collect(targets));
    }

    /**
     * The caps of LAB_CPU_CAPS ("databases=1 apps=0 loadgen=0", as the compose files set it): those
     * above 0 (0 is no cap), or "none", so that a run without caps reads the same in every runtime.
     */
    static String cpuCaps(String env) {
        if (env == null) {
            return null;
        }
        String caps = java.util.Arrays.stream(env.trim().split("\\s+")).filter(c -> !c.isEmpty())
                .filter(c -> !c.matches(".*=0*\\.?0*")).collect(java.util.stream.Collectors.joining(" "));
        return caps.isEmpty() ? "none" : caps;
    }

    private static String os() {
        String kernel = System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch");
        try {
            for (String line : Files.readAllLines(Path.of("/etc/os-release"))) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return line.substring(12).replace("\"", "") + " (" + kernel + ")";
                }
            }
        } catch (IOException e) {
            // no os-release: the kernel line alone
        }
        return kernel;
    }

    private static String hostName() {
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    static boolean isLocal(String host) {
        try {
            for (InetAddress a : InetAddress.getAllByName(host)) {
                if (!a.isLoopbackAddress() && !a.isAnyLocalAddress() && NetworkInterface.getByInetAddress(a) == null) {
                    return false;
                }
            }
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
