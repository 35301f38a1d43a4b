package lab.loadgen.tool;

import java.util.List;

/** One load generator: how to call it for a point, how to read what it printed, when it was the bottleneck. */
public interface LoadTool {

    /** "httperf", "wrk" or "wrk2": the name used in results.json. */
    String name();

    /** The binary this tool runs, found or not. */
    Executable executable();

    /** The command lines of one point: one per process (httperf runs several above 1,000 connections). */
    List<List<String>> commands(ToolRequest request);

    /** Reads the outputs of the point's processes, in the order of {@link #commands}. */
    Measurement parse(List<String> outputs);

    /**
     * Why the tool itself was the bottleneck of this point, or null when it was not.
     *
     * @param cpuPct the tool's CPU over the point, 100 = one core; null when unknown
     */
    String saturation(ToolRequest request, Measurement m, Double cpuPct);
}
