package lab.microbench.pool;

/** How a pool checks a connection when it is borrowed. */
public enum Validation {
    /** No check on borrow (HikariCP cannot switch it off: it keeps its default 500 ms bypass window). */
    NONE,
    /** {@code Connection.isValid()}: the driver's ping. */
    PING,
    /** The validation query {@value Backend#VALIDATION_QUERY}. */
    QUERY;

    public boolean onBorrow() {
        return this != NONE;
    }

    /** The validation query, or null where the pool should use {@code isValid()}. */
    public String query() {
        return this == QUERY ? Backend.VALIDATION_QUERY : null;
    }
}
