package lab.shop.store;

import java.math.BigDecimal;

/** An item with its stock, as the details and purchase-form pages show it. */
public record Item(long id, String name, String category, String description, BigDecimal price, int stock) {
}
