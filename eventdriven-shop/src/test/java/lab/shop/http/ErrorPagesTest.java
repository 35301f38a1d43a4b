package lab.shop.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.CompletionException;
import lab.access.DbException;
import lab.access.OverloadedException;
import lab.access.SourceUnavailableException;
import org.junit.jupiter.api.Test;

/** Which failure answers which status: the page's own errors, the database's, and ours. */
class ErrorPagesTest {

    @Test
    void aPagesOwnErrorKeepsItsStatusTitleAndLinkBack() {
        HttpError conflict = new HttpError(HttpResponseStatus.CONFLICT, "Out of stock", "none left", "/item/7");
        Response r = ErrorPages.forError(new CompletionException(conflict));
        assertEquals(409, r.status().code());
        assertEquals("/item/7", r.view().model().get("back"));
        assertEquals(400, ErrorPages.forError(new BadRequestException("no")).status().code());
        assertEquals(404, ErrorPages.forError(HttpError.notFound("item 7")).status().code());
    }

    @Test
    void aFullQueueOrAnUnavailableDatabaseIs503WithRetryAfter() {
        Response busy = ErrorPages.forError(new OverloadedException("db:3306/shop", 10, null));
        assertEquals(503, busy.status().code());
        assertEquals("1", busy.headers().get("Retry-After"));
        Response down = ErrorPages.forError(new SourceUnavailableException("db:3306/shop", "connection refused", null));
        assertEquals(503, down.status().code());
        assertEquals("5", down.headers().get("Retry-After"));
        assertEquals(503, ErrorPages.forError(new DbException("db", "deadlock", "40001", 1213, null)).status().code());
        assertEquals(503, ErrorPages.forError(new DbException("db", "lock wait timeout", "HY000", 1205, null)).status().code());
        assertEquals(503, ErrorPages.forError(new DbException("db", "terminating connection", "57P01", 0, null)).status().code());
    }

    @Test
    void anythingElseIsOurFault500() {
        assertEquals(500, ErrorPages.forError(new IllegalStateException("bug")).status().code());
        assertEquals(500, ErrorPages.forError(new DbException("db", "no SQLState: not known to be the database's", null, 0, null))
                .status().code());
        assertEquals(500, ErrorPages.forError(new DbException("db", "syntax error", "42000", 1064, null)).status().code());
    }
}
