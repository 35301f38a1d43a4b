package lab.seed.load;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import lab.seed.data.Table;

/**
 * A block of generated rows in the tab-separated text format that both PostgreSQL COPY and
 * MySQL LOAD DATA read, with its row count and checksum.
 *
 * <p>The checksum of a row is the first 32 bits of MD5 over its values joined by '|', as
 * text; a table's checksum is the sum over rows. Both servers can compute the same sum in SQL
 * ({@link Dialect#checksumSql}), so the data can be verified where it lies.
 */
public record Chunk(byte[] text, int entities, long rows, long checksum) {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    public static Chunk generate(Table table, long seed, long totalEntities, long first, int count) {
        StringBuilder text = new StringBuilder(count * 64);
        StringBuilder joined = new StringBuilder(128);
        MessageDigest md5 = md5();
        long[] rowsAndSum = new long[2];
        table.generate(seed, totalEntities, first, count, values -> {
            joined.setLength(0);
            for (int i = 0; i < values.length; i++) {
                String v = format(values[i]);
                if (i > 0) {
                    text.append('\t');
                    joined.append('|');
                }
                escapeInto(v, text);
                joined.append(v);
            }
            text.append('\n');
            rowsAndSum[0]++;
            rowsAndSum[1] += rowChecksum(md5, joined);
        });
        return new Chunk(text.toString().getBytes(StandardCharsets.UTF_8), count, rowsAndSum[0], rowsAndSum[1]);
    }

    static String format(Object v) {
        if (v instanceof LocalDateTime t) {
            return TIMESTAMP.format(t);
        }
        if (v instanceof BigDecimal d) {
            return d.toPlainString();
        }
        return String.valueOf(v);
    }

    private static void escapeInto(String v, StringBuilder out) {
        for (int i = 0; i < v.length(); i++) {
            char c = v.charAt(i);
            switch (c) {
                case '\\' -> out.append("\\\\");
                case '\t' -> out.append("\\t");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                default -> out.append(c);
            }
        }
    }

    private static long rowChecksum(MessageDigest md5, CharSequence joined) {
        byte[] d = md5.digest(joined.toString().getBytes(StandardCharsets.UTF_8));
        return ((d[0] & 0xFFL) << 24) | ((d[1] & 0xFFL) << 16) | ((d[2] & 0xFFL) << 8) | (d[3] & 0xFFL);
    }

    private static MessageDigest md5() {
        try {
            return MessageDigest.getInstance("MD5");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("MD5 is missing from this JDK", e);
        }
    }
}
