package lab.link;

import java.io.IOException;
import java.nio.file.ClosedWatchServiceException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Tells an app when {@code make link} records another link: the JDK's {@link WatchService} on the
 * run directory (inotify on Linux), one daemon thread blocked until the file changes. Nothing
 * polls, so an idle instance stays idle, and a page reads the link from memory.
 */
public final class LinkWatch implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(LinkWatch.class.getName());

    private final WatchService watcher;
    private final Thread thread;

    private LinkWatch(WatchService watcher, Thread thread) {
        this.watcher = watcher;
        this.thread = thread;
    }

    /** Calls {@code onChange} with the link each time the run directory's link file is written or removed. */
    public static LinkWatch start(Path runDir, Consumer<Link> onChange) throws IOException {
        Files.createDirectories(runDir);
        WatchService watcher = FileSystems.getDefault().newWatchService();
        runDir.register(watcher, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY,
                StandardWatchEventKinds.ENTRY_DELETE);
        Thread thread = Thread.ofPlatform().daemon().name("link-watch").unstarted(() -> loop(watcher, runDir, onChange));
        thread.start();
        return new LinkWatch(watcher, thread);
    }

    private static void loop(WatchService watcher, Path runDir, Consumer<Link> onChange) {
        try {
            while (true) {
                WatchKey key = watcher.take();
                // the file is written atomically (a temporary file moved over it): any event naming it is a new link
                boolean ours = key.pollEvents().stream().anyMatch(e -> LinkFile.NAME.equals(String.valueOf(e.context())));
                if (ours) {
                    try {
                        onChange.accept(LabLink.current(runDir));
                    } catch (RuntimeException e) {
                        LOG.log(Level.WARNING, "could not read the new link in " + runDir, e);
                    }
                }
                if (!key.reset()) {
                    LOG.warning(runDir + " is gone: link changes are no longer seen");
                    return;
                }
            }
        } catch (InterruptedException | ClosedWatchServiceException e) {
            // closed: the app is stopping
        }
    }

    @Override
    public void close() throws IOException {
        watcher.close();
        thread.interrupt();
    }
}
