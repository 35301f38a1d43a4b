package lab.shop.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.HashMap;
import java.util.Map;
import lab.access.DbException;
import lab.access.ForkJoin;
import lab.access.OverloadedException;
import lab.access.SourceUnavailableException;
import lab.shop.store.NotFoundException;
import lab.shop.store.OutOfStockException;
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

    public static Response forError(Throwable error) {
        Throwable t = ForkJoin.unwrap(error);
        if (t instanceof BadRequestException) {
            return page(HttpResponseStatus.BAD_REQUEST, "Bad request", t.getMessage());
        }
        if (t instanceof NotFoundException) {
            return page(HttpResponseStatus.NOT_FOUND, "Not found", "There is no " + t.getMessage() + ".");
        }
        if (t instanceof OutOfStockException out) {
            return page(HttpResponseStatus.CONFLICT, "Out of stock",
                    "Sorry, fewer than " + out.requested + " of " + out.itemName + " are left. No order was placed.",
                    "/item/" + out.itemId);
        }
        if (t instanceof OverloadedException) {
            return page(HttpResponseStatus.SERVICE_UNAVAILABLE, "Busy",
                    "The shop is serving too many requests right now. Please try again in a moment.").withHeader("Retry-After", "1");
        }
        if (t instanceof DbException db && unavailable(db)) {
            LOG.debug("503 database unavailable: {}", db.getMessage());
            return page(HttpResponseStatus.SERVICE_UNAVAILABLE, "Database unavailable",
                    "The shop cannot reach its database right now. Please try again in a moment.").withHeader("Retry-After", "5");
        }
        LOG.warn("request failed unexpectedly", t);
        return page(HttpResponseStatus.INTERNAL_SERVER_ERROR, "Internal error", "Something went wrong on our side; it has been logged.");
    }

    /**
     * Failures of the database rather than of the request: no connection, timeouts, and the
     * server's own "try again" states (connection errors 08, rollbacks 40, resources 53,
     * shutdown 57, MySQL lock wait timeout 1205). An error without SQLState that the access
     * layer did not call unavailable is a bug somewhere: 500 and a log line, not a hidden 503.
     */
    static boolean unavailable(DbException e) {
        if (e instanceof SourceUnavailableException) {
            return true;
        }
        String state = e.sqlState();
        if (state == null) {
            return false;
        }
        return state.startsWith("08") || state.startsWith("40") || state.startsWith("53") || state.startsWith("57")
                || state.equals("HYT00") || e.vendorCode() == 1205;
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
