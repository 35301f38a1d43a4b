package lab.loadgen.sweep;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * One load test at a time on a machine (sweep, faults, profile): a second one puts its load on
 * the same cores, and each measures the other's. A sweep left running after its {@code make} was
 * killed went on for 37 minutes beside the next one, flagged only as "other processes took
 * 10–60 % of a core". An OS file lock in the temporary directory, so a holder that dies, however
 * it dies, releases it; the file names the holder for the message.
 */
public final class LoadLock implements AutoCloseable {

    public static final Path FILE = Path.of(System.getProperty("java.io.tmpdir"), "asyncdb-lab-load.lock");

    private final FileChannel channel;
    private final FileLock lock;

    private LoadLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the machine's lock for {@code what} (e.g. "loadgen sweep --profile map"), or fails at once naming its holder. */
    public static LoadLock acquire(String what) {
        return acquire(FILE, what);
    }

    static LoadLock acquire(Path file, String what) {
        try {
            boolean created = !Files.exists(file);
            FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            if (created) {
                shareWithEveryUser(file);
            }
            FileLock lock;
            try {
                lock = channel.tryLock();
            } catch (OverlappingFileLockException e) {
                lock = null; // held by this JVM
            }
            if (lock == null) {
                channel.close();
                String holder = Files.readString(file, StandardCharsets.UTF_8).strip();
                throw new IllegalStateException("another load test is running on this machine (" + (holder.isEmpty() ? "holder unknown" : holder)
                        + "): its load and yours would be measured together. Wait for it to end, or stop it (kill its PID), then run again");
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap(("PID " + ProcessHandle.current().pid() + ", " + what + ", since "
                    + Instant.now().truncatedTo(ChronoUnit.SECONDS)).getBytes(StandardCharsets.UTF_8)));
            return new LoadLock(channel, lock);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot open the load lock " + file + ": " + e.getMessage(), e);
        }
    }

    /** The machine's one lock: a file left by root must not shut other users out (they open it to write). */
    private static void shareWithEveryUser(Path file) {
        try {
            Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-rw-rw-"));
        } catch (IOException | UnsupportedOperationException e) {
            // not POSIX, or not ours: the error names the file if another user cannot open it
        }
    }

    @Override
    public void close() {
        try {
            lock.release();
            channel.close();
        } catch (IOException e) {
            // the lock goes with the process anyway
        }
    }
}
