package lab.shop.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.CompletionException;
import lab.access.DbException;
import lab.access.SourceUnavailableException;
import org.junit.jupiter.api.Test;

/** Which failures are "try again" (503) and which are ours (500): unknown ones are never hidden as 503. */
class ErrorPagesTest {

    static int status(Throwable error) {
        return ErrorPages.forError(new CompletionException(error)).status().code();
    }

    @Test
    void theDatabaseBeingAwayIs503() {
        assertEquals(503, status(new SourceUnavailableException("db", "no answer within 10000 ms", null)));
        assertEquals(503, status(new DbException("db", "Lock wait timeout", "HY000", 1205, null)));
        assertEquals(503, status(new DbException("db", "terminating connection", "57P01", 0, null)));
    }

    @Test
    void anErrorWithoutSqlStateOrAnyOtherExceptionIs500() {
        assertEquals(500, status(new DbException("db", "session is closed", null, 0, null)));
        assertEquals(500, status(new IllegalStateException("a bug")));
        assertEquals(500, status(new DbException("db", "syntax error", "42601", 0, null)));
    }
}
