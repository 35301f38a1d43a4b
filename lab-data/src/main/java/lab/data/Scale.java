package lab.data;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** Row counts per source (docs/DESIGN.md, "Data"): what the seeder writes and the apps draw from. */
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
        return name().toLowerCase(Locale.ROOT);
    }

    /** {@code tiny}, {@code small} or {@code thesis} (any case); anything else names the valid ones. */
    public static Scale parse(String text) {
        String name = text == null ? "" : text.trim();
        for (Scale scale : values()) {
            if (scale.id().equalsIgnoreCase(name)) {
                return scale;
            }
        }
        throw new IllegalArgumentException("unknown SCALE '" + text + "'; valid: "
                + Arrays.stream(values()).map(Scale::id).collect(Collectors.joining(", ")));
    }
}
