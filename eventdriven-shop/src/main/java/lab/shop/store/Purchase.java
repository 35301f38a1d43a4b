package lab.shop.store;

/** The order a purchase placed, or, with {@code replayed}, the one an earlier request with the same key placed. */
public record Purchase(Order order, boolean replayed) {
}
