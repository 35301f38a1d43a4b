package lab.shop.store;

/** No item or order with that id. */
public final class NotFoundException extends RuntimeException {

    public NotFoundException(String what) {
        super(what);
    }
}
