package lab.seed;

import java.util.List;
import java.util.function.ToLongFunction;
import lab.data.Scale;
import lab.data.Sources;
import lab.seed.data.Table;

/** What goes into one database: its tables, how many entities per scale, and where it lives by default. */
public enum Dataset {
    CONTACTS("contacts", List.of(Table.CONTACTS), s -> s.contacts, List.of(Sources.CONTACTS_MYSQL, Sources.CONTACTS_PG), List.of()),
    LOGS("logs", List.of(Table.ACCESS_LOG), s -> s.accessLog, List.of(Sources.LOGS_MYSQL, Sources.LOGS_PG), List.of()),
    SHOP("shop", List.of(Table.ITEMS, Table.ITEM_KEYWORDS, Table.STOCK), s -> s.items, List.of(Sources.SHOP),
            List.of("orders.request_key"));

    /** Name of the schema files under /schema/&lt;engine&gt;/. */
    public final String id;
    public final List<Table> tables;
    private final ToLongFunction<Scale> entities;
    public final List<Sources> sources;
    /**
     * Columns ({@code table.column}) added to the schema after databases were seeded without them:
     * seeding adds them in place with {@code /schema/<engine>/<id>-upgrade.sql} instead of
     * reloading, and seed-verify reports them missing.
     */
    public final List<String> addedColumns;

    Dataset(String id, List<Table> tables, ToLongFunction<Scale> entities, List<Sources> sources, List<String> addedColumns) {
        this.id = id;
        this.tables = tables;
        this.entities = entities;
        this.sources = sources;
        this.addedColumns = addedColumns;
    }

    /** Contacts, log lines or items at this scale (docs/DESIGN.md). */
    public long entities(Scale scale) {
        return entities.applyAsLong(scale);
    }
}
