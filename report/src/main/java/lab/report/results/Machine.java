package lab.report.results;

/**
 * Facts about the machine loadgen ran on.
 *
 * @param sharedMachine       whether loadgen and the servers share this machine (null: unknown)
 * @param sharedMachineBasis  how that was decided
 * @param runtime             where the lab ran: native, compose or swarm (null in older runs)
 * @param cpuCaps             the CPU caps of the run ("none" natively and for containers without one; null in older runs)
 * @param settings            what the lab measured with, as its parts reported it at the start: database servers'
 *                            series and key settings, the apps' max heap ({@code make compare-runtimes} compares
 *                            them; null in older runs)
 */
public record Machine(Integer cpus, Long memoryMb, String os, String jvm, String hostName,
                      Boolean sharedMachine, String sharedMachineBasis, String runtime, String cpuCaps,
                      java.util.Map<String, String> settings) {
}
