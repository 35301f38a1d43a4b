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
}
