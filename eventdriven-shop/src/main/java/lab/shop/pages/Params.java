package lab.shop.pages;

import lab.shop.http.BadRequestException;
import lab.shop.http.HttpError;

/** Parsing what clients send: ids and quantities, strictly. */
final class Params {

    /** Most of one item a single purchase may buy. */
    static final int MAX_QUANTITY = 10;
    private static final int MAX_ID_DIGITS = 18;
    /** Longest request key: {@code orders.request_key} is VARCHAR(64). */
    static final int MAX_KEY_LENGTH = 64;
    private static final java.util.regex.Pattern KEY = java.util.regex.Pattern.compile("[A-Za-z0-9_-]{1," + MAX_KEY_LENGTH + "}");

    private Params() {
    }

    /** An id in a path ({@code /item/42}): anything but a positive number names nothing (404). */
    static long pathId(String text, String what) {
        long id = positive(text);
        if (id < 1) {
            throw HttpError.notFound(what + " " + (text == null ? "" : abbreviate(text)));
        }
        return id;
    }

    /** An id in a form: required, a positive number (else 400). */
    static long formId(String text, String field) {
        long id = positive(text);
        if (id < 1) {
            throw new BadRequestException(field + " must be a positive whole number.");
        }
        return id;
    }

    /** A quantity: a whole number from 1 to {@link #MAX_QUANTITY} (else 400). */
    static int quantity(String text) {
        long q = positive(text);
        if (q < 1 || q > MAX_QUANTITY) {
            throw new BadRequestException("quantity must be a whole number from 1 to " + MAX_QUANTITY + ".");
        }
        return (int) q;
    }

    /** An idempotency key: absent (null), or 1 to 64 of {@code A-Z a-z 0-9 _ -} (else 400). */
    static String requestKey(String text) {
        if (text != null && !KEY.matcher(text).matches()) {
            throw new BadRequestException("requestKey must be 1 to " + MAX_KEY_LENGTH + " characters of A-Z, a-z, 0-9, _ and -.");
        }
        return text;
    }

    /** The value of plain ASCII digits (no sign, no spaces, at most 18), or -1. */
    private static long positive(String text) {
        if (text == null || text.isEmpty() || text.length() > MAX_ID_DIGITS) {
            return -1;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9') {
                return -1;
            }
        }
        return Long.parseLong(text);
    }

    private static String abbreviate(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }
}
