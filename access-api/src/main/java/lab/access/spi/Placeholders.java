package lab.access.spi;

/**
 * Rewrites JDBC-style {@code ?} placeholders to PostgreSQL's {@code $1..$n}, leaving alone
 * question marks inside string literals, quoted identifiers, dollar-quoted strings and comments.
 * The API's SQL uses {@code ?} everywhere; the engines whose PostgreSQL driver wants {@code $n}
 * (the Vert.x client, r2dbc-postgresql) rewrite it here.
 */
public final class Placeholders {

    private Placeholders() {
    }

    public static String numbered(String sql) {
        if (sql.indexOf('?') < 0) {
            return sql;
        }
        StringBuilder out = new StringBuilder(sql.length() + 8);
        int n = 0;
        int i = 0;
        while (i < sql.length()) {
            char c = sql.charAt(i);
            int end = skipQuoted(sql, i);
            if (end > i) {
                out.append(sql, i, end);
                i = end;
            } else if (c == '?') {
                out.append('$').append(++n);
                i++;
            } else {
                out.append(c);
                i++;
            }
        }
        return out.toString();
    }

    /** End (exclusive) of a literal, identifier or comment starting at {@code i}, or {@code i} if none does. */
    private static int skipQuoted(String sql, int i) {
        char c = sql.charAt(i);
        if (c == '\'' || c == '"') {
            return closing(sql, i + 1, String.valueOf(c));
        }
        if (sql.startsWith("--", i)) {
            return closing(sql, i + 2, "\n");
        }
        if (sql.startsWith("/*", i)) {
            return closing(sql, i + 2, "*/");
        }
        if (c == '$') {
            int tagEnd = sql.indexOf('$', i + 1);
            if (tagEnd > i && sql.substring(i + 1, tagEnd).matches("[A-Za-z_]*")) {
                return closing(sql, tagEnd + 1, sql.substring(i, tagEnd + 1));
            }
        }
        return i;
    }

    /** Position after {@code terminator} searched from {@code from}; doubled quotes ('') are part of the literal. */
    private static int closing(String sql, int from, String terminator) {
        int end = sql.indexOf(terminator, from);
        return end < 0 ? sql.length() : end + terminator.length();
    }
}
