package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An app learns each recorded link from the file system's own notice, in order, and a removed record as loopback. */
class LinkWatchTest {

    @Test
    void eachRecordedLinkIsSeen(@TempDir Path runDir) throws Exception {
        LinkedBlockingQueue<Link> seen = new LinkedBlockingQueue<>();
        try (LinkWatch watch = LinkWatch.start(runDir, seen::add)) {
            LinkFile.write(runDir, Link.parse("20"));
            assertEquals(new Link("20", 20), next(seen));
            LinkFile.write(runDir, Link.LAN);
            assertEquals(Link.LAN, last(seen, Link.LAN));
            LinkFile.delete(runDir);
            assertEquals(Link.LOOPBACK, last(seen, Link.LOOPBACK));
        }
    }

    private static Link next(LinkedBlockingQueue<Link> seen) throws InterruptedException {
        Link l = seen.poll(10, TimeUnit.SECONDS);
        if (l == null) {
            throw new AssertionError("no link change seen within 10 s");
        }
        return l;
    }

    /** A move may be reported as two events: read until the expected link (or time out). */
    private static Link last(LinkedBlockingQueue<Link> seen, Link expected) throws InterruptedException {
        Link l;
        do {
            l = next(seen);
        } while (!l.equals(expected));
        return l;
    }
}
