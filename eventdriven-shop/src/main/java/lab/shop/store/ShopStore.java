package lab.shop.store;

import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicLong;
import lab.access.DbClient;
import lab.access.DbException;
import lab.access.Deadline;
import lab.access.ForkJoin;
import lab.access.Row;
import lab.access.Rows;
import lab.access.SourceUrl.Engine;
import lab.access.SqlOps;

/**
 * The shop's data, over one {@link DbClient} in whatever mode it runs: every method returns at
 * once with a stage (already complete in {@code jdbc} mode). All SQL is parameterized.
 */
public final class ShopStore {

    /** Longest search term sent to the database: {@code item_keywords.keyword} is VARCHAR(40). */
    public static final int MAX_TERM_LENGTH = 40;
    public static final int SEARCH_LIMIT = 20;

    private static final String SEARCH = "SELECT i.id, i.name, i.price FROM item_keywords k JOIN items i ON i.id = k.item_id"
            + " WHERE k.keyword = ? ORDER BY k.item_id LIMIT " + SEARCH_LIMIT;
    private static final String ITEM = "SELECT id, name, category, description, price FROM items WHERE id = ?";
    private static final String STOCK = "SELECT quantity FROM stock WHERE item_id = ?";
    private static final String PRICE = "SELECT name, price FROM items WHERE id = ?";
    private static final String TAKE_STOCK = "UPDATE stock SET quantity = quantity - ? WHERE item_id = ? AND quantity >= ?";
    private static final String INSERT_ORDER = "INSERT INTO orders (item_id, quantity, unit_price, total, created_at, request_key)"
            + " VALUES (?, ?, ?, ?, ?, ?)";
    private static final String ORDERS = "SELECT o.id, o.item_id, i.name, o.quantity, o.unit_price, o.total, o.created_at"
            + " FROM orders o JOIN items i ON i.id = o.item_id";
    private static final String ORDER = ORDERS + " WHERE o.id = ?";
    private static final String ORDER_BY_KEY = ORDERS + " WHERE o.request_key = ?";

    private final DbClient db;
    private final boolean returning;
    private final AtomicLong maxItemId;

    public ShopStore(DbClient db) {
        this(db, new AtomicLong());
    }

    private ShopStore(DbClient db, AtomicLong maxItemId) {
        this.db = db;
        this.returning = db.source().engine() == Engine.POSTGRESQL;
        this.maxItemId = maxItemId;
    }

    /** This store with a page's deadline: its calls end by then (the item count stays shared). */
    public ShopStore within(Deadline deadline) {
        return new ShopStore(db.withDeadline(deadline), maxItemId);
    }

    /**
     * A search term as the database sees it: trimmed, lower case, control characters removed, at
     * most {@link #MAX_TERM_LENGTH} characters. Quotes, {@code %} and {@code _} stay literal text.
     */
    public static String normaliseTerm(String raw) {
        if (raw == null) {
            return "";
        }
        StringBuilder clean = new StringBuilder(Math.min(raw.length(), 4 * MAX_TERM_LENGTH));
        raw.codePoints().filter(cp -> !Character.isISOControl(cp)).limit(4L * MAX_TERM_LENGTH).forEach(clean::appendCodePoint);
        String term = clean.toString().strip().toLowerCase(Locale.ROOT);
        if (term.codePointCount(0, term.length()) > MAX_TERM_LENGTH) {
            term = term.substring(0, term.offsetByCodePoints(0, MAX_TERM_LENGTH)).strip();
        }
        return term;
    }

    /** The first {@link #SEARCH_LIMIT} items with this keyword (an index lookup); the term must be normalised. */
    public CompletionStage<List<ItemSummary>> search(String term) {
        if (term.isEmpty()) {
            return CompletableFuture.completedFuture(List.of());
        }
        return db.query(SEARCH, term).thenApply(rows -> {
            List<ItemSummary> items = new ArrayList<>(rows.size());
            for (Row r : rows) {
                items.add(new ItemSummary(r.getLong("id"), r.getString("name"), r.getDecimal("price")));
            }
            return items;
        });
    }

    /** An item and its stock: two queries forked, then joined. Fails with {@link NotFoundException}. */
    public CompletionStage<Item> item(long id) {
        List<CompletionStage<Rows>> forked = List.of(db.query(ITEM, id), db.query(STOCK, id));
        return ForkJoin.all(forked).thenApply(joined -> {
            Rows item = joined.get(0);
            Rows stock = joined.get(1);
            if (item.isEmpty()) {
                throw new NotFoundException("item " + id);
            }
            Row r = item.first();
            return new Item(id, r.getString("name"), r.getString("category"), r.getString("description"),
                    r.getDecimal("price"), stock.isEmpty() ? 0 : stock.first().getInt("quantity"));
        });
    }

    /**
     * Buys {@code quantity} of an item in one transaction: the stock goes down only if enough is
     * left, then the order is written. Fails with {@link NotFoundException} or
     * {@link OutOfStockException}, and then nothing was written.
     *
     * <p>With a {@code requestKey} (the client's idempotency key, validated by the caller) the
     * purchase happens at most once per key: when an order with that key exists, nothing is
     * written and that order comes back as {@linkplain Purchase#replayed() replayed}; a
     * concurrent purchase with the same key loses on the unique index, rolls back and answers
     * the winner's order. A key already used for another item or quantity fails with
     * {@link KeyReusedException}. So a client that lost the answer (the commit may or may not
     * have happened) retries with the same key and never buys twice.
     */
    public CompletionStage<Purchase> purchase(long itemId, int quantity, String requestKey) {
        if (requestKey == null) {
            return db.inTransaction(tx -> buy(tx, itemId, quantity, null)).thenApply(order -> new Purchase(order, false));
        }
        return db.inTransaction(tx -> tx.query(ORDER_BY_KEY, requestKey).thenCompose(found -> found.isEmpty()
                        ? buy(tx, itemId, quantity, requestKey).thenApply(order -> new Purchase(order, false))
                        : CompletableFuture.completedFuture(replay(toOrder(found.first()), itemId, quantity, requestKey))))
                .exceptionallyCompose(error -> DbException.isUniqueViolation(error)
                        ? db.query(ORDER_BY_KEY, requestKey).thenApply(rows -> {
                            // both engines raise the violation only once the winner committed: its order is there
                            if (rows.isEmpty()) {
                                throw ForkJoin.unwrap(error) instanceof RuntimeException r ? r : new IllegalStateException(error);
                            }
                            return replay(toOrder(rows.first()), itemId, quantity, requestKey);
                        })
                        : CompletableFuture.failedStage(error));
    }

    /** The steps of a purchase inside the caller's transaction. */
    private CompletionStage<Order> buy(SqlOps tx, long itemId, int quantity, String requestKey) {
        return tx.query(PRICE, itemId).thenCompose(found -> {
            if (found.isEmpty()) {
                throw new NotFoundException("item " + itemId);
            }
            String name = found.first().getString("name");
            BigDecimal price = found.first().getDecimal("price");
            BigDecimal total = price.multiply(BigDecimal.valueOf(quantity));
            LocalDateTime now = LocalDateTime.now().truncatedTo(ChronoUnit.SECONDS);
            return tx.update(TAKE_STOCK, quantity, itemId, quantity)
                    .thenCompose(taken -> {
                        if (taken == 0) {
                            throw new OutOfStockException(itemId, name, quantity);
                        }
                        return insertOrder(tx, Arrays.asList(itemId, quantity, price, total, now, requestKey));
                    })
                    .thenApply(orderId -> new Order(orderId, itemId, name, quantity, price, total, now));
        });
    }

    private static Purchase replay(Order existing, long itemId, int quantity, String requestKey) {
        if (existing.itemId() != itemId || existing.quantity() != quantity) {
            throw new KeyReusedException(requestKey, existing);
        }
        return new Purchase(existing, true);
    }

    /** An order by id; fails with {@link NotFoundException}. */
    public CompletionStage<Order> order(long id) {
        return db.query(ORDER, id).thenApply(rows -> {
            if (rows.isEmpty()) {
                throw new NotFoundException("order " + id);
            }
            return toOrder(rows.first());
        });
    }

    private static Order toOrder(Row r) {
        return new Order(r.getLong("id"), r.getLong("item_id"), r.getString("name"), r.getInt("quantity"),
                r.getDecimal("unit_price"), r.getDecimal("total"), r.getTimestamp("created_at"));
    }

    /** The highest item id (items are numbered from 1), looked up once. */
    public CompletionStage<Long> maxItemId() {
        long known = maxItemId.get();
        if (known > 0) {
            return CompletableFuture.completedFuture(known);
        }
        return db.query("SELECT MAX(id) AS max_id FROM items").thenApply(rows -> {
            Object max = rows.first().get("max_id");
            long value = max == null ? 0 : ((Number) max).longValue();
            if (value < 1) {
                throw new NotFoundException("items (the shop has none)");
            }
            maxItemId.set(value);
            return value;
        });
    }

    /** MySQL: LAST_INSERT_ID() on the same connection; PostgreSQL: RETURNING. */
    private CompletionStage<Long> insertOrder(SqlOps tx, List<Object> values) {
        if (returning) {
            return tx.query(INSERT_ORDER + " RETURNING id", values).thenApply(rows -> rows.first().getLong("id"));
        }
        return tx.update(INSERT_ORDER, values)
                .thenCompose(inserted -> tx.query("SELECT LAST_INSERT_ID() AS id"))
                .thenApply(rows -> rows.first().getLong("id"));
    }
}
