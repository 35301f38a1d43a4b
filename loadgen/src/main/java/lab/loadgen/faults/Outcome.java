package lab.loadgen.faults;

/** What one user got for one request. */
public enum Outcome {
    /** 2xx (and the shop's 409 "out of stock": a correct answer). */
    OK,
    /** A portal page served 200 with at least one failed panel. */
    FAILED_PANEL,
    /** 503: the app said "try again". */
    UNAVAILABLE,
    /** Any other 5xx, or a 4xx the load never causes: a wrong answer. */
    ERROR,
    /** No answer within the client's timeout, or the connection to the app failed. */
    HANG;

    /** The name in faults.json: "ok", "failed_panel", … */
    public String key() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }

    public boolean ok() {
        return this == OK;
    }
}
