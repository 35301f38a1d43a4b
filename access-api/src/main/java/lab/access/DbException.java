package lab.access;

/**
 * A failed call, naming the source (host:port/db). SQL errors keep the server's message,
 * SQLState and vendor code.
 */
public class DbException extends RuntimeException {

    private final String source;
    private final String sqlState;
    private final int vendorCode;

    public DbException(String source, String message, String sqlState, int vendorCode, Throwable cause) {
        super(source + ": " + message, cause);
        this.source = source;
        this.sqlState = sqlState;
        this.vendorCode = vendorCode;
    }

    public String source() {
        return source;
    }

    /** SQLState from the server, or null when the failure was not an SQL error. */
    public String sqlState() {
        return sqlState;
    }

    public int vendorCode() {
        return vendorCode;
    }

    /**
     * Whether a call failed because of its source rather than the request, so the caller should
     * answer "unavailable, try again" (503), not blame the request or report a bug: no connection
     * or no answer in time ({@link SourceUnavailableException}), or a server state that means
     * "try again" — connection errors (SQLState class 08), transaction rollbacks such as deadlocks
     * (40), insufficient resources (53), shutdown or operator intervention (57), a driver timeout
     * (HYT00), MySQL's lock wait timeout (1205). The one classification both apps use.
     */
    public static boolean isSourceUnavailable(Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof SourceUnavailableException) {
            return true;
        }
        if (!(t instanceof DbException e) || e.sqlState == null) {
            return false;
        }
        String state = e.sqlState;
        return state.startsWith("08") || state.startsWith("40") || state.startsWith("53") || state.startsWith("57")
                || state.equals("HYT00") || e.vendorCode == MYSQL_LOCK_WAIT_TIMEOUT;
    }

    /**
     * Whether a call failed on a unique index (a row with that key exists): PostgreSQL's SQLState
     * 23505, MySQL's duplicate entry 1062 (its SQLState 23000 covers every integrity violation).
     */
    public static boolean isUniqueViolation(Throwable error) {
        return ForkJoin.unwrap(error) instanceof DbException e
                && ("23505".equals(e.sqlState) || e.vendorCode == MYSQL_DUPLICATE_ENTRY);
    }

    private static final int MYSQL_LOCK_WAIT_TIMEOUT = 1205;
    private static final int MYSQL_DUPLICATE_ENTRY = 1062;
}
