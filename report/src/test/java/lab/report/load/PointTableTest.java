package lab.report.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import lab.report.results.Point;
import lab.report.results.Points;

/** The points table's link column: the RTT asked and the one at rest, or why none at rest was taken. */
class PointTableTest {

    private static PointTable.Cell rttCell(PointTable table, Point p) {
        table.add(new PointTable.Source(null, "jdbc", "wrk", p, ""));
        List<PointTable.Cell> row = table.getRows().getLast();
        return row.get(3); // mode, tool, connections, then the link
    }

    @Test
    void theRoundTripAtRestStandsBesideTheOneAsked() {
        PointTable.Cell c = rttCell(new PointTable(false), Points.point(20, 20.0, 100, 101, 102).withLinkRtt(20.4, 12));
        assertEquals("20 / 20.4", c.text());
        assertNull(c.note());
    }

    @Test
    void noneAtRestSaysWhyInANote() {
        PointTable table = new PointTable(false);
        String why = "no probe at rest: the instance was not seen idle";
        PointTable.Cell c = rttCell(table, Points.point(20, 20.0, 100, 101, 102).withLinkRtt(null, why, 12));
        assertEquals("20 / —", c.text());
        assertEquals(1, c.note());
        assertEquals(why, c.title());
        assertEquals(why, table.getNotes().getFirst(), "the first note of the table");
        assertEquals(why, Points.point(20, 20.0, 100).withLinkRtt(null, why, 12).unmeasured().get(Point.RTT_MEASURED));
    }
}
