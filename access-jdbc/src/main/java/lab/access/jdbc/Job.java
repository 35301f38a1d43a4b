package lab.access.jdbc;

import lab.access.DbException;

/** Work handed to a thread; when no thread will ever run it, {@link #abort} fails it instead. */
interface Job extends Runnable {

    void abort(DbException why);
}
