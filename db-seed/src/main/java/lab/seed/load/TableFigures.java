package lab.seed.load;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/** Row count and checksum per table, as generated or as found in a database. */
public record TableFigures(Map<String, long[]> byTable) {

    public TableFigures() {
        this(new LinkedHashMap<>());
    }

    public void add(String table, long rows, long checksum) {
        long[] f = byTable.computeIfAbsent(table, t -> new long[2]);
        f[0] += rows;
        f[1] += checksum;
    }

    public long rows(String table) {
        long[] f = byTable.get(table);
        return f == null ? 0 : f[0];
    }

    public long checksum(String table) {
        long[] f = byTable.get(table);
        return f == null ? 0 : f[1];
    }

    public String rowCounts() {
        return byTable.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()[0]).collect(Collectors.joining(","));
    }

    public String checksums() {
        return byTable.entrySet().stream().map(e -> e.getKey() + "=" + Long.toHexString(e.getValue()[1])).collect(Collectors.joining(","));
    }
}
