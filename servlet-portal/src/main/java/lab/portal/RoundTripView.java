package lab.portal;

import java.util.Map;

/**
 * What the {@code roundtrip.ftlh} snippet shows ({@link RoundTripAdvice}): the RTT measured per
 * source, ms (NaN = not measured yet or the source is failing). Public: the templates read it
 * reflectively.
 */
public record RoundTripView(Map<String, Double> rttMs) {
}
