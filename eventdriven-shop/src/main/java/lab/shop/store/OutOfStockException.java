package lab.shop.store;

/** Not enough stock left for a purchase: the transaction was rolled back, nothing was written. */
public final class OutOfStockException extends RuntimeException {

    public final long itemId;
    public final String itemName;
    public final int requested;

    public OutOfStockException(long itemId, String itemName, int requested) {
        super("not enough stock of item " + itemId + " for " + requested);
        this.itemId = itemId;
        this.itemName = itemName;
        this.requested = requested;
    }
}
