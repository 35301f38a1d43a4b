package lab.loadgen.tool;

import java.util.List;

/** wrk2, open loop: a constant request rate (-R), latencies corrected for coordinated omission. */
public final class Wrk2Tool extends WrkFamilyTool {

    public Wrk2Tool(Executable executable) {
        super(executable, new Wrk2Parser());
    }

    public static Wrk2Tool find(String binary) {
        return new Wrk2Tool(Executable.find(binary, List.of("-v")));
    }

    @Override
    public String name() {
        return "wrk2";
    }

    @Override
    List<String> extraOptions(ToolRequest r) {
        if (r.rate() == null || r.rate() < 1) {
            throw new IllegalArgumentException("wrk2 needs a rate (-R) of at least 1 request/sec");
        }
        return List.of("-R", String.valueOf(r.rate()));
    }
}
