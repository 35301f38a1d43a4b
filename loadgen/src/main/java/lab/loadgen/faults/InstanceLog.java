package lab.loadgen.faults;

import java.time.Duration;
import java.util.List;
import lab.loadgen.config.Instance;
import lab.loadgen.config.LabPort;

/**
 * An instance's log over a cell's window, kept with the cell so that an amber or red cell can be
 * explained after the next {@code make up} has replaced the log: the lab port marks where the log
 * stands ({@code log-mark NAME}: natively its size, in compose the time) and later hands over what
 * came after the mark ({@code log-since NAME MARK COUNT}), its last {@link #MAX_LINES} lines.
 */
final class InstanceLog {

    static final int MAX_LINES = 200;
    private static final Duration LIMIT = Duration.ofSeconds(10);

    private final LabPort port;

    /** @param port the lab's port, or null (no log is kept, and the cell says so) */
    InstanceLog(LabPort port) {
        this.port = port;
    }

    /** Where an instance's log stood ({@code at}), or why it is not known ({@code why}). */
    record Mark(String at, String why) {
    }

    /** Where the instance's log stands now. */
    Mark mark(Instance instance) throws InterruptedException {
        if (port == null) {
            return new Mark(null, "this run has no lab port");
        }
        LabPort.Reply reply = port.ask(LIMIT, List.of("log-mark", instance.name()));
        return reply.succeeded() ? new Mark(reply.lastLine().strip(), null) : new Mark(null, reply.failure());
    }

    /** The log's lines since {@code mark} (its last {@link #MAX_LINES}), or one line saying why there are none. */
    List<String> since(Instance instance, Mark mark) throws InterruptedException {
        if (mark.at() == null) {
            return List.of("(no log kept: " + mark.why() + ")");
        }
        LabPort.Reply reply = port.ask(LIMIT, List.of("log-since", instance.name(), mark.at(), Integer.toString(MAX_LINES)));
        if (!reply.succeeded()) {
            return List.of("(no log kept: " + reply.failure() + ")");
        }
        List<String> lines = reply.output().lines().toList();
        return lines.isEmpty() ? List.of("(nothing logged)") : lines.subList(Math.max(0, lines.size() - MAX_LINES), lines.size());
    }
}
