package lab.report.results;

import java.util.List;

/** The whole results.json: {"run": ..., "series": [...]} (DESIGN.md). */
public record Results(Run run, List<Series> series) {
}
