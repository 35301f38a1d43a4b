package lab.loadgen.tool;

import java.util.List;

/** wrk 4.x, closed loop: each connection sends its next request when the last reply arrives; the peak probe. */
public final class WrkTool extends WrkFamilyTool {

    public WrkTool(Executable executable) {
        super(executable, new WrkParser());
    }

    public static WrkTool find(String binary) {
        return new WrkTool(Executable.find(binary, List.of("-v")));
    }

    @Override
    public String name() {
        return "wrk";
    }

    @Override
    List<String> extraOptions(ToolRequest request) {
        return List.of();
    }
}
