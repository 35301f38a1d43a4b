package lab.loadgen.metrics;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.OptionalDouble;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples of a Prometheus text exposition (version 0.0.4), enough to read a gauge by name and
 * label: {@code name{label="value",...} number [timestamp]}; comments and blank lines skipped.
 */
public final class PrometheusText {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)(\\s+\\S+)?$");

    /** One sample line: metric name, the raw label text between the braces, value. */
    public record Sample(String name, String labels, double value) {
        public boolean hasLabel(String label, String value) {
            return labels.contains(label + "=\"" + value + "\"");
        }

        /** The value of {@code label}, or null when the sample has no such label. */
        public String label(String label) {
            Matcher m = Pattern.compile("(?:^|,)\\s*" + Pattern.quote(label) + "=\"([^\"]*)\"").matcher(labels);
            return m.find() ? m.group(1) : null;
        }
    }

    private final List<Sample> samples;

    private PrometheusText(List<Sample> samples) {
        this.samples = samples;
    }

    /**
     * One read of an instance's metrics page, or null when it cannot be read (an error, a status
     * other than 200, no answer within {@code timeout}): for a figure or two, where the sampler's
     * reasons are not needed.
     */
    public static PrometheusText read(java.net.http.HttpClient http, java.net.URI uri, java.time.Duration timeout)
            throws InterruptedException {
        try {
            var resp = http.send(java.net.http.HttpRequest.newBuilder(uri).timeout(timeout).GET().build(),
                    java.net.http.HttpResponse.BodyHandlers.ofString());
            return resp.statusCode() == 200 ? parse(resp.body()) : null;
        } catch (java.io.IOException e) {
            return null;
        }
    }

    public static PrometheusText parse(String text) {
        List<Sample> list = new ArrayList<>();
        for (String line : text.split("\\R")) {
            line = line.strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            Matcher m = SAMPLE.matcher(line);
            if (m.matches()) {
                list.add(new Sample(m.group(1), m.group(3) == null ? "" : m.group(3), parseValue(m.group(4))));
            }
        }
        return new PrometheusText(list);
    }

    private static double parseValue(String v) {
        return switch (v) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(v);
        };
    }

    /** Every sample of {@code name}, one per label set. */
    public List<Sample> samples(String name) {
        return samples.stream().filter(s -> s.name().equals(name)).toList();
    }

    /** Per value of {@code label}, the sum of the samples of {@code name} carrying it (sorted by label value). */
    public Map<String, Double> byLabel(String name, String label) {
        Map<String, Double> out = new TreeMap<>();
        samples.stream().filter(s -> s.name().equals(name) && !Double.isNaN(s.value()) && s.label(label) != null)
                .forEach(s -> out.merge(s.label(label), s.value(), Double::sum));
        return out;
    }

    /** Sum of all samples of {@code name} (every label set), or empty when there is none. */
    public OptionalDouble sum(String name) {
        return sum(name, null, null);
    }

    /** Sum of the samples of {@code name} carrying {@code label="value"} (any label when label is null). */
    public OptionalDouble sum(String name, String label, String value) {
        List<Sample> hits = samples.stream()
                .filter(s -> s.name().equals(name) && (label == null || s.hasLabel(label, value)))
                .filter(s -> !Double.isNaN(s.value()))
                .toList();
        return hits.isEmpty() ? OptionalDouble.empty()
                : OptionalDouble.of(hits.stream().mapToDouble(Sample::value).sum());
    }
}
