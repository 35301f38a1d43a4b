package lab.microbench.experiment;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/** Writes tagged histograms (nanoseconds) to an HdrHistogram log file, readable by HistogramLogReader and HdrHistogram's plotters. */
public final class HistogramLog {

    private HistogramLog() {
    }

    public static void write(Path file, Map<String, Histogram> tagged) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (PrintStream out = new PrintStream(Files.newOutputStream(file), false, java.nio.charset.StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("lab.microbench histograms; values in nanoseconds; tag = configuration/phase");
            writer.outputLogFormatVersion();
            writer.outputLegend();
            for (Map.Entry<String, Histogram> e : tagged.entrySet()) {
                Histogram h = e.getValue().copy();
                h.setTag(e.getKey().replace(' ', '_').replace(',', ';'));
                h.setStartTimeStamp(0);
                h.setEndTimeStamp(0);
                writer.outputIntervalHistogram(h);
            }
        }
    }
}
