package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** "Much more complicated to use", counted on this repository (the module runs its tests from report/). */
class ComplexityTest {

    @Test
    void linesOfCodeLeaveOutBlankLinesCommentsPackageAndImports() {
        assertEquals(3, Complexity.lines("""
                package x;

                import java.util.List;

                /** A doc
                 *  comment. */
                class A { // trailing
                    // alone
                    int a; /* inline */
                }
                """));
    }

    @Test
    void onThisRepositoryTheDirectPagesAreJudgedWithTheLabsPagesBeside() {
        // old rule: the lab's own pages, 338 lines in jdbc and in nonblocking (one API), so "not reproduced" was built in
        Claim c = Complexity.claim(Path.of(".."));
        assertTrue(c.evidence().matches("the page against JDBC [1-9]\\d* lines \\(JdbcPage.java\\), against Vert\\.x [1-9]\\d* lines.*"),
                c.evidence());
        assertTrue(c.evidence().contains("portal page: jdbc "), c.evidence());
        assertTrue(c.evidence().contains("reactive "), c.evidence());
        assertTrue(c.evidence().contains("shop page: "), c.evidence());
        assertTrue(c.evidence().matches(".*JDBC \\(jdbc, threadpool, virtual\\) [1-9]\\d*, .*"), c.evidence());
        assertTrue(c.evidence().matches(".*Vert\\.x \\(nonblocking, reactive\\) [1-9]\\d* lines.*"), c.evidence());
        // Vert.x 5's futures: the page against it is about 1.3× the JDBC one's lines, under 1.5×
        assertEquals(Claim.Status.NOT_REPRODUCED, c.status(), c.evidence());
    }

    @Test
    void withoutTheSourceItIsNotMeasured(@TempDir Path empty) {
        assertEquals(Claim.Status.NOT_MEASURED, Complexity.claim(empty).status());
    }
}
