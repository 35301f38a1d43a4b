package lab.shop.http;

import io.netty.handler.codec.http.HttpResponseStatus;

/**
 * A failure that already knows its answer: status, title, a message for the visitor and,
 * optionally, a link back. Pages fail with it ({@code pages} maps the store's failures to it);
 * {@link ErrorPages} renders it.
 */
public class HttpError extends RuntimeException {

    public final HttpResponseStatus status;
    public final String title;
    /** Where the error page links back to, or null. */
    public final String back;

    public HttpError(HttpResponseStatus status, String title, String message, String back) {
        super(message, null, false, false); // an answer, not a fault: no stack trace to fill
        this.status = status;
        this.title = title;
        this.back = back;
    }

    /** 404: {@code what} names what is missing ("item 7", "page /x"). */
    public static HttpError notFound(String what) {
        return new HttpError(HttpResponseStatus.NOT_FOUND, "Not found", "There is no " + what + ".", null);
    }
}
