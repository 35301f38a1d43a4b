package lab.seed;

/** A failure worth one clear line to the user; {@code exitCode} 2 means bad input. */
public class SeedException extends RuntimeException {

    public final int exitCode;

    public SeedException(String message, int exitCode) {
        super(message);
        this.exitCode = exitCode;
    }

    public SeedException(String message) {
        this(message, 1);
    }
}
