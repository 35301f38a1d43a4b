package lab.loadgen.sweep;

import lab.access.Mode;
import lab.loadgen.config.Instance;

/**
 * How many link round trips lie on a page's critical path, per app and mode: the model behind a
 * point's queue figure (reply time less these round trips). The portal's page makes 12 queries:
 * 5 lookups on each contacts source and one count on each logs source. jdbc runs them one after
 * another (12 round trips); the fork-join modes run the four sources at once, each source's
 * session one call after another (5 round trips, the contacts sources'). Pipelined sessions overlap
 * their calls, and a shop /mix page makes 0 to 3: no single figure, so none is given.
 */
final class RoundTrips {

    static final int PORTAL_SERIAL = 12;
    static final int PORTAL_FORK_JOIN = lab.report.load.AnswerMap.PORTAL_BUSIEST_SOURCE_QUERIES;

    private RoundTrips() {
    }

    /** The round trips on the critical path of {@code instance}'s page, or null when no single figure holds. */
    static Integer perPage(Instance instance, Boolean multiplexing) {
        if (!instance.app().equals("portal") || Boolean.TRUE.equals(multiplexing)) {
            return null;
        }
        return Mode.JDBC.id().equals(instance.mode()) ? PORTAL_SERIAL : PORTAL_FORK_JOIN;
    }
}
