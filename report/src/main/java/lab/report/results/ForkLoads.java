package lab.report.results;

import java.util.List;

/**
 * The machine's 1-minute load average at the end of each fork of a JMH score, as the fork read it,
 * and the cores it saw: whether the machine was quiet while the score was measured.
 *
 * @param oneMinute one entry per fork, in the order they ran (empty: not recorded)
 * @param cores     the cores the forks saw (0: not recorded)
 */
public record ForkLoads(List<Double> oneMinute, int cores) {

    /** The JMH result entry's fields the parent adds after a run (lab.microbench.jmh.ForkLoad). */
    public static final String FIELD = "forkLoadAverages";
    public static final String CORES_FIELD = "cores";

    public static final ForkLoads NONE = new ForkLoads(List.of(), 0);

    public ForkLoads {
        oneMinute = oneMinute == null ? List.of() : List.copyOf(oneMinute);
    }

    /** Whether every one of {@code forks} forks has its load average (negative: the OS did not tell) and the cores are known. */
    public boolean recordedFor(int forks) {
        return cores > 0 && forks > 0 && oneMinute.size() >= forks && oneMinute.stream().allMatch(l -> l >= 0);
    }
}
