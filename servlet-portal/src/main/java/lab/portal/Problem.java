package lab.portal;

import java.time.Duration;
import java.util.Map;
import lab.access.OverloadedException;
import org.springframework.http.HttpStatus;

/**
 * What a short error page says (template {@code error.ftlh}), whichever web stack answers: its
 * status, one sentence for the reader and, for a 503, the {@code Retry-After} in seconds (0: none).
 * Never a stack trace, a driver message or an address beyond the source's name.
 */
public record Problem(HttpStatus status, String message, long retryAfterSeconds) {

    /** A bad {@code ?seed=}: 400 with the reason. */
    public static Problem badSeed(SeedParameter.InvalidSeedException e) {
        return new Problem(HttpStatus.BAD_REQUEST, e.getMessage(), 0);
    }

    /** A source refused the view's queries for lack of room: 503 with Retry-After. */
    public static Problem overloaded(OverloadedException e, Duration retryAfter) {
        return busy(e.source() + " has no room for more queries", retryAfter);
    }

    /** The page waited at the door ({@link PageDoor}) longer than it may: 503 with Retry-After. */
    static Problem full(PageDoor.Full e, Duration retryAfter) {
        return busy(e.getMessage(), retryAfter);
    }

    /** What the container or the framework answers itself: an unknown path, a wrong method, anything unexpected. */
    public static Problem of(HttpStatus status, Object path) {
        return new Problem(status, switch (status) {
            case NOT_FOUND -> "There is no page at " + path + ". The portal is at /.";
            case METHOD_NOT_ALLOWED -> "The portal page only answers GET.";
            default -> status.is4xxClientError() ? "The request was not understood." : "Something went wrong on our side; it has been logged.";
        }, 0);
    }

    private static Problem busy(String why, Duration retryAfter) {
        long seconds = Math.max(1, retryAfter.toSeconds());
        return new Problem(HttpStatus.SERVICE_UNAVAILABLE, "The portal is busy: " + why + ". Try again in " + seconds + " s.", seconds);
    }

    /** The template's model: {@code status}, {@code title}, {@code message}. */
    public Map<String, Object> model() {
        return Map.of("status", status.value(), "title", status.getReasonPhrase(), "message", message);
    }
}
