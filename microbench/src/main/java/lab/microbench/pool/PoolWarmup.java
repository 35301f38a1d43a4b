package lab.microbench.pool;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Borrows every connection of a pool at once and gives them back, so that none is created during a measurement. */
final class PoolWarmup {

    private PoolWarmup() {
    }

    static void fill(Pool pool, int size, String label) {
        List<Connection> held = new ArrayList<>(size);
        try {
            for (int i = 0; i < size; i++) {
                held.add(pool.borrow());
            }
        } catch (SQLException e) {
            throw new IllegalStateException(label + " could not open " + size + " connections: " + e.getMessage(), e);
        } finally {
            for (Connection c : held) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // returning to the pool; nothing to do
                }
            }
        }
    }
}
