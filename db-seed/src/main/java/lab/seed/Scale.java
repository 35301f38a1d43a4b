package lab.seed;

/** Row counts per source (DESIGN.md, "Scales"). */
public enum Scale {
    TINY(1_000, 20_000, 1_000),
    SMALL(40_000, 500_000, 10_000),
    THESIS(40_000, 5_000_000, 100_000);

    public final long contacts;
    public final long accessLog;
    public final long items;

    Scale(long contacts, long accessLog, long items) {
        this.contacts = contacts;
        this.accessLog = accessLog;
        this.items = items;
    }

    public String id() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
