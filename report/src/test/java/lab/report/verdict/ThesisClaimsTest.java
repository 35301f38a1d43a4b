package lab.report.verdict;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import lab.report.verdict.Claim.Status;
import org.junit.jupiter.api.Test;

/** The thesis page's opening line: claims counted by label, those judged off the thesis' setting apart. */
class ThesisClaimsTest {

    private static Claim claim(Status s) {
        return new Claim("4.2", "c", s, "e");
    }

    private static Claim off(Status s) {
        return new Claim("4.2", "c", s, "e", "off the thesis' link: 0.9 ms measured RTT, thesis 0.19 ms");
    }

    @Test
    void countsEveryLabelAndTheOffSettingClaimsApart() {
        List<Claim> claims = List.of(claim(Status.REPRODUCED), claim(Status.EXCEEDED), claim(Status.REPRODUCED),
                claim(Status.NOT_REPRODUCED), off(Status.REPRODUCED), off(Status.INCONCLUSIVE));
        assertEquals("2 of 4 reproduced, 1 exceeded, 1 not reproduced; judged off the thesis' setting (link, hosts, level or server), "
                + "counted apart: 1 of 2 reproduced, 1 inconclusive", ThesisClaims.summary(claims));
    }

    @Test
    void saysWhenNothingIsJudgedAndWhenAllIsOffTheSetting() {
        assertEquals("No claim judged yet", ThesisClaims.summary(List.of()));
        assertEquals("all judged off the thesis' setting (link, hosts, level or server): 0 of 1 reproduced, 1 not measured",
                ThesisClaims.summary(List.of(off(Status.NOT_MEASURED))));
    }
}
