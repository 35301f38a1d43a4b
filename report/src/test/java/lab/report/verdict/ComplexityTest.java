package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Much more complicated to use", counted on this repository (the module runs its tests from report/). */
class ComplexityTest {

    @Test
    void linesOfCodeLeaveOutBlankLinesAndComments() {
        assertEquals(4, Complexity.lines("""
                package x;

                /** A doc
                 *  comment. */
                class A { // trailing
                    // alone
                    int a; /* inline */
                }
                """));
    }

    @Test
    void onThisRepositoryEveryModesPageIsCountedAndTheEnginesToo() {
        Claim c = Complexity.claim(Path.of(".."));
        assertTrue(c.evidence().contains("portal page: jdbc "), c.evidence());
        assertTrue(c.evidence().contains("reactive "), c.evidence());
        assertTrue(c.evidence().contains("shop page: "), c.evidence());
        assertTrue(c.evidence().matches(".*JDBC \\(jdbc, threadpool, virtual\\) [1-9]\\d*, .*"), c.evidence());
        assertTrue(c.evidence().matches(".*Vert\\.x \\(nonblocking, reactive\\) [1-9]\\d* lines.*"), c.evidence());
        // the one API: no mode's page needs 1.5× the jdbc page's code
        assertEquals(Claim.Status.NOT_REPRODUCED, c.status(), c.evidence());
    }

    @Test
    void withoutTheSourceItIsNotMeasured(@TempDir Path empty) {
        assertEquals(Claim.Status.NOT_MEASURED, Complexity.claim(empty).status());
    }
}
