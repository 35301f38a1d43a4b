package lab.access.jdbc;

import java.util.ArrayDeque;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import lab.access.ClientOptions.HandOff;
import lab.access.DbException;

/**
 * A session's calls, in order, one at a time (thesis 4.2). {@link HandOff#FAIR}: after each call
 * the session's next call goes to the back of the executor's queue. {@link HandOff#UNFAIR}: the
 * thread that finished a call runs the session's next pending call right away. Guarded by a
 * {@link ReentrantLock}, never {@code synchronized}, so virtual threads do not pin their carrier.
 */
final class SerialQueue {

    private final Consumer<Job> dispatch;
    private final HandOff handOff;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Job> pending = new ArrayDeque<>();
    private boolean scheduled;

    /** @param dispatch hands a job to the mode's threads; aborts it when they refuse */
    SerialQueue(Consumer<Job> dispatch, HandOff handOff) {
        this.dispatch = dispatch;
        this.handOff = handOff;
    }

    void submit(Job job) {
        lock.lock();
        try {
            pending.add(job);
            if (scheduled) {
                return;
            }
            scheduled = true;
        } finally {
            lock.unlock();
        }
        dispatch.accept(new Drain());
    }

    /** Fails every call waiting now (those submitted later run as usual). */
    void abortPending(DbException why) {
        ArrayDeque<Job> failing;
        lock.lock();
        try {
            failing = new ArrayDeque<>(pending);
            pending.clear();
        } finally {
            lock.unlock();
        }
        failing.forEach(job -> job.abort(why));
    }

    private Job next() {
        lock.lock();
        try {
            Job job = pending.poll();
            scheduled = job != null;
            return job;
        } finally {
            lock.unlock();
        }
    }

    private boolean hasPending() {
        lock.lock();
        try {
            scheduled = !pending.isEmpty();
            return scheduled;
        } finally {
            lock.unlock();
        }
    }

    /** Runs the next call (UNFAIR: every pending call) on the thread the executor chose. */
    private final class Drain implements Job {
        @Override
        public void run() {
            Job job = next();
            if (handOff == HandOff.UNFAIR) {
                for (; job != null; job = next()) {
                    job.run();
                }
                return;
            }
            if (job != null) {
                job.run();
                if (hasPending()) {
                    dispatch.accept(new Drain());
                }
            }
        }

        @Override
        public void abort(DbException why) {
            for (Job job = next(); job != null; job = next()) {
                job.abort(why);
            }
        }
    }
}
