package lab.seed.data;

import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import lab.data.LogCatalog;
import lab.data.Words;

/**
 * One generated table. Rows are produced per "entity" (a contact, a log line, an item): entity
 * {@code i} draws from a random stream that depends only on the seed, the table's family and
 * {@code i / CHUNK}, so any chunk can be generated alone, in any order, on any machine.
 */
public enum Table {
    CONTACTS("contacts", "contacts", List.of("id", "name", "phone")) {
        @Override
        void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows) {
            String name = Words.pick(Words.FIRST_NAMES, r) + " " + Words.pick(Words.LAST_NAMES, r);
            String phone = String.format("(%03d) %03d-%04d", 201 + r.nextInt(789), 200 + r.nextInt(800), r.nextInt(10_000));
            rows.accept(new Object[] {id, name, phone});
        }
    },
    ACCESS_LOG("access_log", "access_log", List.of("id", "ts", "uri", "status", "bytes", "client")) {
        /** Log lines are spread evenly over the year, in id order, with a jitter inside each slot. */
        @Override
        void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows) {
            double slot = (double) LogCatalog.SECONDS / total;
            long second = (long) ((id - 1) * slot + r.nextDouble() * slot);
            String uri = LogCatalog.popularUri(r);
            int roll = r.nextInt(100);
            int status = roll < 85 ? 200 : roll < 92 ? 304 : roll < 98 ? 404 : 500;
            long bytes = status == 304 ? 0 : (long) Math.exp(5 + r.nextDouble() * 6);
            String client = "10." + r.nextInt(256) + "." + r.nextInt(256) + "." + (1 + r.nextInt(254));
            rows.accept(new Object[] {id, LogCatalog.FIRST.plusSeconds(second), uri, status, bytes, client});
        }
    },
    ITEMS("items", "items", List.of("id", "name", "category", "description", "price")) {
        @Override
        void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows) {
            Item item = Item.generate(id, r);
            rows.accept(new Object[] {id, item.name(), item.category(), item.description(), item.price()});
        }
    },
    ITEM_KEYWORDS("item_keywords", "items", List.of("keyword", "item_id")) {
        @Override
        void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows) {
            for (String keyword : Item.generate(id, r).keywords()) {
                rows.accept(new Object[] {keyword, id});
            }
        }
    },
    STOCK("stock", "items", List.of("item_id", "quantity")) {
        @Override
        void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows) {
            rows.accept(new Object[] {id, Item.generate(id, r).stock()});
        }
    };

    /** Entities per independent random stream. Fixed: changing it changes the data. */
    public static final int CHUNK = 10_000;

    public final String table;
    /** Tables cut from the same entities share a family and therefore a random stream. */
    private final String family;
    public final List<String> columns;

    Table(String table, String family, List<String> columns) {
        this.table = table;
        this.family = family;
        this.columns = columns;
    }

    /** Stock quantities change with every purchase, so only their count is verified. */
    public boolean changesInUse() {
        return this == STOCK;
    }

    abstract void emit(long id, long total, SplittableRandom r, Consumer<Object[]> rows);

    /** Generates entities [first, first+count) (ids start at 1) of a table with {@code total} entities. */
    public void generate(long seed, long total, long first, int count, Consumer<Object[]> rows) {
        long chunk = -1;
        SplittableRandom r = null;
        for (long i = first; i < first + count; i++) {
            if ((i - 1) / CHUNK != chunk) {
                chunk = (i - 1) / CHUNK;
                r = new SplittableRandom(seed * 1_000_003L + family.hashCode() * 31L + chunk);
                for (long skip = chunk * CHUNK + 1; skip < i; skip++) {
                    emit(skip, total, r, ignored -> { });
                }
            }
            emit(i, total, r, rows);
        }
    }
}
