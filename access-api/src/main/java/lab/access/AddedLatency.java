package lab.access;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * What a link adds to one query over loopback, as a loop of queries on one connection sees it
 * (thesis Table 4.1's jdbc loop): the same loop timed directly and through the link in turn,
 * the median of the paired differences, per query. Pairing in turn cancels the machine's drift;
 * the median leaves out the rounds a busy machine stalls. Used to calibrate links below a
 * millisecond (lab.link.LinkCalibration) and to report them.
 */
public final class AddedLatency {

    private AddedLatency() {
    }

    /**
     * @param loop    one loop of {@code queries} queries on the client it is given
     * @param rounds  pairs of loops timed, after one of each to warm up
     * @return ms per query that {@code via} costs more than {@code direct}
     */
    public static double perQueryMs(DbClient direct, DbClient via, Consumer<DbClient> loop, int queries, int rounds) {
        loop.accept(direct);
        loop.accept(via);
        double[] ms = new double[rounds];
        for (int i = 0; i < rounds; i++) {
            long t0 = System.nanoTime();
            loop.accept(direct);
            long t1 = System.nanoTime();
            loop.accept(via);
            ms[i] = ((System.nanoTime() - t1) - (t1 - t0)) / 1e6 / queries;
        }
        Arrays.sort(ms);
        return ms[rounds / 2];
    }
}
