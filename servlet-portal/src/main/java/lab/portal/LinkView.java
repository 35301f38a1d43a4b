package lab.portal;

import java.util.Map;

/**
 * What the {@code link.ftlh} snippet shows ({@link LinkAdvice}): the link in force and the RTT
 * measured per source, ms (NaN = not measured yet or the source is failing). Public: the
 * templates read it reflectively.
 */
public record LinkView(String link, Map<String, Double> rttMs) {
}
