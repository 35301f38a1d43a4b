package lab.shop.http;

import io.netty.handler.codec.http.HttpResponseStatus;

/** The client sent parameters no page can accept: answered 400 with this message. */
public final class BadRequestException extends HttpError {

    public BadRequestException(String message) {
        super(HttpResponseStatus.BAD_REQUEST, "Bad request", message, null);
    }
}
