package lab.report.results;

import java.util.List;

/** The points of one tool against one instance (app + mode), in the order they were measured. */
public record Series(String app, String mode, String tool, String instance, String url, List<Point> points) {

    public Series withPoints(List<Point> newPoints) {
        return new Series(app, mode, tool, instance, url, List.copyOf(newPoints));
    }
}
