package lab.shop.http;

/** The client sent parameters no page can accept: answered 400 with this message. */
public final class BadRequestException extends RuntimeException {

    public BadRequestException(String message) {
        super(message);
    }
}
