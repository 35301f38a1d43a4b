package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

/** The namespace and veth pair appear and are gone afterwards; skipped without the privilege. */
class NetnsTest {

    @Test
    void createsAndRemovesItsNamespace() throws IOException {
        Netns ns = new Netns("thesistest" + ProcessHandle.current().pid());
        try {
            ns.create();
        } catch (IOException e) {
            assumeTrue(false, "no privilege for network namespaces: " + e.getMessage());
        }
        try {
            assertTrue(ns.exists());
        } finally {
            ns.close();
        }
        assertFalse(ns.exists());
    }

    @Test
    void probeLeavesNothingBehindAndGivesAReasonWhenNetemIsMissing() throws IOException {
        Netns.Support support = Netns.probe();
        assertTrue(support.netem() || !support.reason().isEmpty());
        assertFalse(new Netns("thesisprobe" + ProcessHandle.current().pid()).exists());
    }
}
