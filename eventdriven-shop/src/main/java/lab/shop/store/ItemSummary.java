package lab.shop.store;

import java.math.BigDecimal;

/** One line of search results. */
public record ItemSummary(long id, String name, BigDecimal price) {
}
