package lab.loadgen.sweep;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import lab.loadgen.config.LabPort;
import lab.loadgen.tool.LoadTool;

/**
 * Everything a sweep needs, resolved from the command line and instances.conf.
 *
 * @param targets      per app (in sweep order), the instances to sweep
 * @param tools        the requested tools by name, found or not, in the order they run at a level
 * @param wrk2Fraction wrk2's rate as a fraction of wrk's peak at the same level
 * @param shared       --shared-machine, or null to detect
 * @param pidsDir      the lab's PID files (interference: which process is which instance)
 * @param link         sets the link's round trip for points that ask for one
 * @param notes        said on the page (e.g. why the profile leaves a tool out, ISOLATE)
 * @param labPort      where the sweep asks the lab for isolation and the fair pass's restarts; null: nowhere
 * @param isolate      ISOLATE=1: before an instance's points, only that instance is left running
 * @param freeze       --freeze: while an instance is warmed up and measured, every other one is frozen ({@link Focus})
 * @param fairPass     FAIR_POOL=1: the portal's thread pool swept again with the fair hand-off, after the rest
 */
public record SweepConfig(Profile profile, Map<String, List<Target>> targets, Map<String, LoadTool> tools,
                          SweepOrder order, long seed, double wrk2Fraction, Path resultsDir, Boolean shared,
                          Path pidsDir, LinkControl link, List<String> notes, LabPort labPort, boolean isolate,
                          boolean freeze, FairPass fairPass) {
}
