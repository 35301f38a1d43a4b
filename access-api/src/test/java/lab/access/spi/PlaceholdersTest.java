package lab.access.spi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class PlaceholdersTest {

    @Test
    void numbersPlaceholdersInOrder() {
        assertEquals("SELECT * FROM t WHERE a = $1 AND b IN ($2, $3)",
                Placeholders.numbered("SELECT * FROM t WHERE a = ? AND b IN (?, ?)"));
    }

    @Test
    void leavesQuotedTextAndCommentsAlone() {
        assertEquals("SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE x = $1 -- why?\n AND y = $2 /* ? */",
                Placeholders.numbered("SELECT '?', 'it''s ?', \"odd?name\" FROM t WHERE x = ? -- why?\n AND y = ? /* ? */"));
        assertEquals("SELECT $$ ? $$, $tag$ ? $tag$, $1", Placeholders.numbered("SELECT $$ ? $$, $tag$ ? $tag$, ?"));
    }

    @Test
    void withoutPlaceholdersReturnsTheSameString() {
        String sql = "SELECT 1";
        assertEquals(sql, Placeholders.numbered(sql));
    }
}
