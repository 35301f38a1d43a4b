package lab.microbench.thesis;

import java.nio.file.Path;
import java.util.Optional;

import lab.report.results.ResultsJson;

/** Prints every claim's label of a thesis run directory (its micro files and load-results.json), one a line. */
public final class LabelsOf {

    private LabelsOf() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        new ThesisResults(dir).claims(Optional.of(ResultsJson.read(dir.resolve("load-results.json"))))
                .forEach(c -> System.out.println(c.source() + "\t" + c.label()));
    }
}
