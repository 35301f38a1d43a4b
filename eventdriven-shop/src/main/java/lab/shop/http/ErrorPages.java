package lab.shop.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import lab.access.DbException;
import lab.access.ForkJoin;
import lab.access.OverloadedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every failure as a page: its status and a short message, never a stack trace (those go to the
 * log, and only for the unexpected).
 */
public final class ErrorPages {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorPages.class);

    private ErrorPages() {
    }

    public static Response page(HttpResponseStatus status, String title, String message) {
        return page(status, title, message, null);
    }

    /**
     * The answer to a failed page: its own {@link HttpError}; 503 when the database refused for
     * lack of room, is unavailable or did not answer within the page timeout; anything else is a fault of ours: 500, logged with its trace.
     */
    public static Response forError(Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof HttpError e) {
            return page(e.status, e.title, e.getMessage(), e.back);
        }
        if (t instanceof OverloadedException) {
            return page(HttpResponseStatus.SERVICE_UNAVAILABLE, "Busy",
                    "The shop is serving too many requests right now. Please try again in a moment.").withHeader("Retry-After", "1");
        }
        if (t instanceof TimeoutException) {
            LOG.debug("503 page timeout");
            return page(HttpResponseStatus.SERVICE_UNAVAILABLE, "Database too slow",
                    "The shop's database did not answer in time. Please try again in a moment.").withHeader("Retry-After", "5");
        }
        if (unavailable(t)) {
            LOG.debug("503 database unavailable: {}", t.getMessage());
            return page(HttpResponseStatus.SERVICE_UNAVAILABLE, "Database unavailable",
                    "The shop cannot reach its database right now. Please try again in a moment.").withHeader("Retry-After", "5");
        }
        LOG.error("request failed unexpectedly", t);
        return page(HttpResponseStatus.INTERNAL_SERVER_ERROR, "Internal error", "Something went wrong on our side; it has been logged.");
    }

    /**
     * The database rather than the request failed: access's one classification (unavailable
     * sources and the server's "try again" states). A failure without an SQLState is not assumed
     * to be the database's: it answers 500.
     */
    static boolean unavailable(Throwable t) {
        return DbException.isSourceUnavailable(t);
    }

    private static Response page(HttpResponseStatus status, String title, String message, String back) {
        Map<String, Object> model = new HashMap<>();
        model.put("status", status.code());
        model.put("title", title);
        model.put("message", message);
        if (back != null) {
            model.put("back", back);
        }
        return Response.page(status, "error", model);
    }
}
