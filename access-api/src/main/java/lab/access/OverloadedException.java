package lab.access;

/** The client's bounded queue is full: the call was rejected without running. */
public class OverloadedException extends DbException {

    /** @param cause the driver's own refusal, when it was the driver's queue that was full */
    public OverloadedException(String source, int inFlight, Throwable cause) {
        super(source, "overloaded: " + inFlight + " calls already running or queued, call rejected", null, 0, cause);
    }
}
