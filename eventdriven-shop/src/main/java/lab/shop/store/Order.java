package lab.shop.store;

import java.math.BigDecimal;
import java.time.LocalDateTime;

/** One row of {@code orders}, with the item's name. */
public record Order(long id, long itemId, String itemName, int quantity, BigDecimal unitPrice, BigDecimal total,
                    LocalDateTime createdAt) {
}
