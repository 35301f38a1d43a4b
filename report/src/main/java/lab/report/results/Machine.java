package lab.report.results;

/**
 * Facts about the machine loadgen ran on.
 *
 * @param sharedMachine       whether loadgen and the servers share this machine (null: unknown)
 * @param sharedMachineBasis  how that was decided
 * @param runtime             where the lab ran: native, compose or swarm (null in older runs)
 * @param cpuCaps             the containers' CPU caps as set for the run ("none" natively; null in older runs)
 */
public record Machine(Integer cpus, Long memoryMb, String os, String jvm, String hostName,
                      Boolean sharedMachine, String sharedMachineBasis, String runtime, String cpuCaps) {
}
