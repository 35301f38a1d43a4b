package lab.loadgen.results;

import java.util.List;
import java.util.Map;

/**
 * The run: DESIGN.md's id, started, profile, machine, plus extras.
 *
 * @param status  "running", "complete", "interrupted" or "failed"
 * @param plan    per app, the levels and tool settings the profile asked for
 * @param runs    for an overlay page: the ids drawn over each other; null for one run
 */
public record Run(String id, String started, String finished, String profile, Machine machine,
                  String status, String order, Map<String, ToolInfo> tools, Map<String, Object> plan,
                  List<String> notes, List<String> runs) {
}
