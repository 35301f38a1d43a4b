package lab.shop.store;

/** A request key that already placed an order for another item or quantity: nothing was written. */
public final class KeyReusedException extends RuntimeException {

    public final Order existing;

    public KeyReusedException(String requestKey, Order existing) {
        super("request key " + requestKey + " already placed order " + existing.id());
        this.existing = existing;
    }
}
