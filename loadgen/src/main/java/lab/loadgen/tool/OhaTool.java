package lab.loadgen.tool;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * oha (Rust, {@code cargo install oha}), open loop natively where wrk2 is not packaged: a fixed
 * request rate ({@code -q}) with {@code --latency-correction}, so its percentiles count the time a
 * request waited for its scheduled send (coordinated omission corrected, as wrk2's are). Output is
 * read as JSON ({@code --output-format json}).
 */
public final class OhaTool implements LoadTool {

    /** oha's worker threads share the machine's cores; above this share of all of them it was the bottleneck. */
    static final double SATURATED_PCT_PER_CORE = 90.0;

    private final Executable executable;
    private final OhaParser parser = new OhaParser();

    public OhaTool(Executable executable) {
        this.executable = executable;
    }

    /** {@code binary} on PATH, else where {@code cargo install} puts it (~/.cargo/bin). */
    public static OhaTool find(String binary) {
        Executable e = Executable.find(binary, List.of("--version"));
        Path cargo = Path.of(System.getProperty("user.home"), ".cargo", "bin", binary);
        if (!e.available() && !binary.contains("/") && Files.isExecutable(cargo)) {
            e = Executable.find(cargo.toString(), List.of("--version"));
        }
        return new OhaTool(e);
    }

    @Override
    public String name() {
        return "oha";
    }

    @Override
    public Executable executable() {
        return executable;
    }

    @Override
    public List<List<String>> commands(ToolRequest r) {
        if (r.rate() == null || r.rate() < 1) {
            throw new IllegalArgumentException("oha needs a rate (-q) of at least 1 request/sec");
        }
        List<String> cmd = executable.command();
        cmd.addAll(List.of("--no-tui", "--output-format", "json",
                "-z", r.durationSec() + "s", "-c", String.valueOf(r.concurrency()),
                "-q", String.valueOf(r.rate()), "--latency-correction",
                // goodput: degraded pages as errors, successes timed apart from failures
                "-H", ToolRequest.PREFER_STRICT, "--stats-success-breakdown",
                // requests in flight at the deadline finish and count, as in wrk2
                "-w", "-t", (int) Math.max(1, Math.ceil(r.timeoutSec())) + "s", r.url()));
        return List.of(cmd);
    }

    @Override
    public Measurement parse(List<String> outputs) {
        return parser.parse(outputs.getFirst());
    }

    @Override
    public String saturation(ToolRequest r, Measurement m, Double cpuPct) {
        if (cpuPct != null && cpuPct >= SATURATED_PCT_PER_CORE * r.cpus()) {
            return String.format("oha used %.0f%% CPU: at least %.0f%% of each of the %d cores", cpuPct,
                    SATURATED_PCT_PER_CORE, r.cpus());
        }
        return null;
    }
}
