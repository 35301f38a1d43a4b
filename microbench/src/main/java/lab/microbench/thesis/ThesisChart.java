package lab.microbench.thesis;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.microbench.pages.Charts;
import lab.report.results.JmhScore;

/** The thesis page's charts of JMH scores, each with its error. */
final class ThesisChart {

    private ThesisChart() {
    }

    /** One line of a chart: means with their errors; {@code line} false draws points only. */
    record Series(String label, List<JmhScore> scores, String color, boolean line) {
    }

    /** A Chart.js chart: one line (or points) per series, its error as a thin floating bar at each point. */
    static Map<String, Object> of(String title, List<String> labels, List<Series> series, String yAxis, boolean log) {
        List<Map<String, Object>> datasets = new ArrayList<>();
        for (Series s : series) {
            List<Object> means = new ArrayList<>();
            List<Object> errors = new ArrayList<>();
            for (JmhScore score : s.scores()) {
                means.add(score == null ? null : score.score());
                double err = score == null || Double.isNaN(score.error()) ? 0 : score.error();
                errors.add(score == null ? null : List.of(Math.max(score.score() - err, score.score() / 100), score.score() + err));
            }
            datasets.add(Charts.line(s.label(), means, s.color(), s.line()));
            Map<String, Object> error = Charts.dataset(s.label() + " ± error", errors, s.color());
            error.put("type", "bar");
            error.put("grouped", false);
            error.put("barThickness", 3);
            datasets.add(error);
        }
        return Charts.bar(title, labels, datasets, yAxis, log, false);
    }
}
