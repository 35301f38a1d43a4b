package lab.report.results;

import java.util.List;
import java.util.Map;

/**
 * The run: DESIGN.md's id, started, profile, machine, plus extras.
 *
 * @param status  "running", "complete", "interrupted" or "failed"
 * @param plan    per app, the levels and tool settings the profile asked for
 * @param runs    for an overlay page: the ids drawn over each other; null for one run
 * @param rounds  the interleaving as it ran: per scenario and round, the modes in the order they
 *                were measured (rotated by one each round); null when no scenario had two modes
 * @param link    the link between the apps and their databases when the run started, e.g.
 *                "0 (0 ms RTT)" through the proxies or "loopback" without them; null when unknown
 * @param proxyHop what the proxy hop adds to a round trip, measured at rest before the load; null
 *                without proxies or when it could not be measured
 */
public record Run(String id, String started, String finished, String profile, Machine machine,
                  String status, String order, Map<String, ToolInfo> tools, Map<String, Object> plan,
                  List<String> notes, List<String> runs, List<Round> rounds, String link, ProxyHop proxyHop) {

    /** One round of one scenario: the app, link RTT (null: left as it was), level and tool, and the modes' order. */
    public record Round(String app, Double rttMs, int concurrency, String tool, int round, List<String> order) {
    }

    public Run withRounds(List<Round> r) {
        return new Run(id, started, finished, profile, machine, status, order, tools, plan, notes, runs, r, link, proxyHop);
    }

    public Run finished(String when, String newStatus) {
        return new Run(id, started, when, profile, machine, newStatus, order, tools, plan, notes, runs, rounds, link, proxyHop);
    }
}
