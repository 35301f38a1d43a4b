package lab.report.results;

/**
 * Facts about the machine loadgen ran on.
 *
 * @param sharedMachine       whether loadgen and the servers share this machine (null: unknown)
 * @param sharedMachineBasis  how that was decided
 */
public record Machine(Integer cpus, Long memoryMb, String os, String jvm, String hostName,
                      Boolean sharedMachine, String sharedMachineBasis) {
}
