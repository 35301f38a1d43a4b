package lab.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianMinMaxOfAnOddCount() {
        Spread s = Spread.of(30, 10, 20);
        assertEquals(new Spread(20, 10, 30, 3), s);
    }

    @Test
    void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
        assertEquals(new Spread(25, 10, 40, 4), Spread.of(40, 10, 20, 30));
    }

    @Test
    void missingValuesAreLeftOut() {
        assertEquals(new Spread(5, 5, 5, 1), Spread.of(Arrays.asList(5.0, null, Double.NaN)));
        assertNull(Spread.of(List.of()));
    }

    @Test
    void ratioToABaselineCarriesTheWidestRange() {
        Spread r = Spread.of(180, 200, 220).ratioTo(Spread.of(90, 100, 110));
        assertEquals(2.0, r.median(), 1e-9);
        assertEquals(180 / 110.0, r.min(), 1e-9);
        assertEquals(220 / 90.0, r.max(), 1e-9);
    }

    @Test
    void jmhIntervalIsConclusiveOnlyWhenNarrowAndRepeated() {
        assertTrue(Spread.interval(13.3, 2.0, 10).within(0.2));
        assertFalse(Spread.interval(13.3, 12.1, 10).within(0.2), "error 91 % of the score");
        assertFalse(Spread.interval(13.3, Double.NaN, 10).within(0.2), "unknown error");
        assertFalse(Spread.of(5).within(0.2), "one repetition");
    }

    @Test
    void overlap() {
        assertTrue(Spread.of(1, 3).overlaps(Spread.of(3, 5)));
        assertFalse(Spread.of(1, 2).overlaps(Spread.of(3, 5)));
    }
}
