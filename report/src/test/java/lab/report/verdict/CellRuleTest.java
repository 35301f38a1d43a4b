package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import lab.report.results.Point;
import org.junit.jupiter.api.Test;

/** The cell rule's question for the sweep: is a scenario settled? (The cells themselves: AnswerMapTest.) */
class CellRuleTest {

    @Test
    void aScenarioIsUnsettledWhileAPointTrendsOrAWideTieRemainsAmongTheWinners() {
        Function<double[], Verdict.Candidate> c = v -> Verdict.Candidate.ofRounds(
                Arrays.stream(v).boxed().toList(), List.of());
        Map<String, Verdict.Candidate> settled = new LinkedHashMap<>();
        settled.put("jdbc", c.apply(new double[] {3000, 3010, 2990}));
        settled.put("nonblocking", c.apply(new double[] {8000, 8100, 7900}));
        settled.put("virtual", c.apply(new double[] {5000, 5050, 4950}));
        assertEquals(null, CellRule.unsettled(settled));
        // nonblocking 1.45× virtual, but virtual's rounds spread too far to separate them after 3 rounds
        Map<String, Verdict.Candidate> wide = new LinkedHashMap<>(settled);
        wide.put("virtual", c.apply(new double[] {5742, 6719, 5374}));
        wide.put("nonblocking", c.apply(new double[] {8829, 7900, 8415}));
        assertTrue(why(wide).startsWith("nonblocking against virtual still tied"), why(wide));
        // separated from the best, but the interval's near end within 10 %: named beside it, though 1.2× apart
        Map<String, Verdict.Candidate> near = new LinkedHashMap<>(settled);
        near.put("virtual", c.apply(new double[] {6500, 7000, 6400}));
        assertTrue(why(near).startsWith("nonblocking against virtual still within the interval's 10 %"), why(near));
        // two modes of one engine a few per cent apart are a tie worth no more rounds
        Map<String, Verdict.Candidate> close = new LinkedHashMap<>(settled);
        close.put("reactive", c.apply(new double[] {7600, 8600, 7700}));
        assertEquals(null, CellRule.unsettled(close));
        // a mode tied with jdbc far behind the best: its place in the ranking only, spent on after the rest
        Map<String, Verdict.Candidate> behind = new LinkedHashMap<>(settled);
        behind.put("virtual", c.apply(new double[] {3300, 2700, 3100}));
        assertEquals("virtual against jdbc still tied (its place in the ranking only)", why(behind));
        assertFalse(CellRule.unsettled(behind).cell());
        Map<String, Verdict.Candidate> bestTied = new LinkedHashMap<>(settled);
        bestTied.put("nonblocking", c.apply(new double[] {3500, 2800, 3900}));
        bestTied.put("virtual", c.apply(new double[] {2000, 2100, 1900}));
        assertTrue(CellRule.unsettled(bestTied).cell(), why(bestTied));
        Map<String, Verdict.Candidate> trending = new LinkedHashMap<>(settled);
        trending.put("jdbc", Verdict.Candidate.ofRounds(List.of(3000.0, 2500.0, 2000.0),
                List.of(Point.FLAG_NOT_STEADY)));
        assertEquals("jdbc still trends", why(trending));
    }

    private static String why(Map<String, Verdict.Candidate> candidates) {
        CellRule.Unsettled u = CellRule.unsettled(candidates);
        return u == null ? "null" : u.why();
    }
}
