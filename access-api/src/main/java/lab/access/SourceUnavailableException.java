package lab.access;

/** The server could not be reached, or did not answer within the timeout. */
public class SourceUnavailableException extends DbException {

    public SourceUnavailableException(String source, String message, Throwable cause) {
        super(source, message, null, 0, cause);
    }
}
