package lab.access;

/** The client's bounded queue is full: the call was rejected without running. */
public class OverloadedException extends DbException {

    public OverloadedException(String source, int inFlight) {
        super(source, "overloaded: " + inFlight + " calls already running or queued, call rejected", null, 0, null);
    }
}
