package lab.loadgen.tool;

import java.util.List;

/** What wrk and wrk2 share: the command line (threads, connections, duration, timeout, --latency) and the CPU check. */
abstract class WrkFamilyTool implements LoadTool {

    /** A wrk thread above this share of one core is the bottleneck, not the server. */
    static final double SATURATED_PCT_PER_THREAD = 90.0;

    private final Executable executable;
    private final OutputParser parser;

    WrkFamilyTool(Executable executable, OutputParser parser) {
        this.executable = executable;
        this.parser = parser;
    }

    @Override
    public Executable executable() {
        return executable;
    }

    /** Options this tool adds before the URL (wrk2: -R). */
    abstract List<String> extraOptions(ToolRequest request);

    @Override
    public List<List<String>> commands(ToolRequest r) {
        List<String> cmd = executable.command();
        cmd.addAll(List.of("-t", String.valueOf(r.wrkThreads()),
                "-c", String.valueOf(r.concurrency()),
                "-d", r.durationSec() + "s",
                // wrk takes whole seconds here
                "--timeout", (int) Math.max(1, Math.ceil(r.timeoutSec())) + "s",
                "--latency",
                // counts answers by status and asks for degraded pages as errors (goodput)
                "-s", WrkScript.path().toString()));
        cmd.addAll(extraOptions(r));
        cmd.add(r.url());
        // the script's argument: a thread's connections (wrk's own division), which caps its count in flight
        cmd.add(String.valueOf(r.concurrency() / r.wrkThreads()));
        return List.of(cmd);
    }

    @Override
    public Measurement parse(List<String> outputs) {
        return parser.parse(outputs.getFirst());
    }

    @Override
    public String saturation(ToolRequest r, Measurement m, Double cpuPct) {
        int threads = r.wrkThreads();
        if (cpuPct != null && cpuPct >= SATURATED_PCT_PER_THREAD * threads) {
            return String.format("%s used %.0f%% CPU with %d thread(s): at least %.0f%% of each core it could use",
                    name(), cpuPct, threads, SATURATED_PCT_PER_THREAD);
        }
        return null;
    }
}
