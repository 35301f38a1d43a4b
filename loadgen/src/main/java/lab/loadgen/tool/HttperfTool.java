package lab.loadgen.tool;

import java.util.ArrayList;
import java.util.List;

/**
 * httperf as the thesis ran it (appendix A.2): --hog, --num-conns = the concurrency, --num-calls per
 * connection (the thesis' 100). The connections are opened within {@link #OPEN_WITHIN_SEC} (--rate =
 * connections ÷ that), so with 100 calls each they all overlap for the measured window; Little's law
 * on the result tells whether they did. httperf is select-based and limited to
 * FD_SETSIZE (1,024) descriptors per process, so above {@link #CONNS_PER_PROCESS} connections
 * several processes run at once with --client i/N and their figures are merged.
 */
public final class HttperfTool implements LoadTool {

    /** Connections per process: FD_SETSIZE (1,024) less stdio and spare descriptors. */
    public static final int CONNS_PER_PROCESS = 1000;
    /** Seconds over which a process opens its connections: short against 100 calls per connection. */
    static final double OPEN_WITHIN_SEC = 0.1;

    private final Executable executable;
    private final HttperfParser parser = new HttperfParser();

    public HttperfTool(Executable executable) {
        this.executable = executable;
    }

    public static HttperfTool find(String binary) {
        return new HttperfTool(Executable.find(binary, List.of("--version")));
    }

    @Override
    public String name() {
        return "httperf";
    }

    @Override
    public Executable executable() {
        return executable;
    }

    public static int processesFor(int concurrency) {
        return (concurrency + CONNS_PER_PROCESS - 1) / CONNS_PER_PROCESS;
    }

    @Override
    public List<List<String>> commands(ToolRequest r) {
        int n = processesFor(r.concurrency());
        List<List<String>> cmds = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            int share = r.concurrency() / n + (i < r.concurrency() % n ? 1 : 0);
            List<String> cmd = executable.command();
            cmd.addAll(List.of("--hog",
                    "--timeout=" + r.timeoutSec(),
                    "--client=" + i + "/" + n,
                    "--server=" + r.host(), "--port=" + r.port(), "--uri=" + r.uri(),
                    // httperf reads the escape: the header line's own CRLF
                    "--add-header=" + ToolRequest.PREFER_STRICT + "\\n",
                    "--rate=" + (int) Math.ceil(share / OPEN_WITHIN_SEC), "--num-conns=" + share, "--num-calls=" + r.callsPerConn()));
            cmds.add(cmd);
        }
        return cmds;
    }

    @Override
    public Measurement parse(List<String> outputs) {
        List<HttperfStats> parts = new ArrayList<>();
        for (String out : outputs) {
            HttperfStats s = HttperfStats.parse(out);
            if (s == null) {
                return Measurement.failed(HttperfParser.firstLine(out));
            }
            parts.add(s);
        }
        return HttperfStats.merge(parts).toMeasurement();
    }

    /**
     * httperf busy-polls, so ~100% of a core is its normal state and says nothing; it was the
     * bottleneck when it ran out of descriptors, ports or table slots.
     */
    @Override
    public String saturation(ToolRequest r, Measurement m, Double cpuPct) {
        return m.clientLimit();
    }
}
