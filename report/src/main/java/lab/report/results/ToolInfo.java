package lab.report.results;

import java.util.List;

/** A load tool as the run found it, and which figures it measures. */
public record ToolInfo(boolean available, boolean used, String path, String version, String reason,
                       List<String> measures) {
}
