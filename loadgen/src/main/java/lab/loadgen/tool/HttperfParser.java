package lab.loadgen.tool;

/** httperf 0.9 output of one process. */
public final class HttperfParser implements OutputParser {

    @Override
    public Measurement parse(String output) {
        HttperfStats stats = HttperfStats.parse(output);
        return stats == null ? Measurement.failed(firstLine(output)) : stats.toMeasurement();
    }

    static String firstLine(String output) {
        return output.lines().filter(l -> !l.isBlank() && !l.contains("warning: open file limit"))
                .findFirst().map(l -> "httperf printed no statistics: " + l.strip())
                .orElse("httperf printed nothing");
    }
}
