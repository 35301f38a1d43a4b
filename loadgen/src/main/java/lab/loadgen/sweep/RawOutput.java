package lab.loadgen.sweep;

import java.util.List;

import lab.loadgen.tool.ProcessRunner;

/** The raw file of a point: each command line, then exactly what that process printed. */
final class RawOutput {

    private RawOutput() {
    }

    static String format(List<List<String>> commands, ProcessRunner.Outcome out) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < commands.size(); i++) {
            sb.append("$ ").append(String.join(" ", commands.get(i))).append('\n');
            sb.append(out.outputs().get(i));
            if (!sb.isEmpty() && sb.charAt(sb.length() - 1) != '\n') {
                sb.append('\n');
            }
        }
        sb.append(String.format("# wall %.3f s, tool CPU %s s%s%n", out.wallSec(),
                out.cpuSec() == null ? "unknown" : String.format("%.2f", out.cpuSec()),
                out.timedOut() ? ", killed at the repetition's time limit" : ""));
        return sb.toString();
    }
}
