package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import lab.data.LogCatalog;
import lab.portal.Picks.ContactIds;
import lab.portal.Picks.LogWindow;
import org.junit.jupiter.api.Test;

/** The seed decides every pick; picks stay inside the data. */
class PicksTest {

    @Test
    void theSameSeedGivesTheSamePicks() {
        assertThat(Picks.draw(42, 40_000)).isEqualTo(Picks.draw(42, 40_000));
        assertThat(Picks.draw(42, 40_000)).isNotEqualTo(Picks.draw(43, 40_000));
    }

    @Test
    void picksStayInsideTheData() {
        for (long seed = 0; seed < 500; seed++) {
            Picks picks = Picks.draw(seed, 1_000);
            for (PortalSource source : PortalSource.values()) {
                switch (picks.of(source)) {
                    case ContactIds ids -> assertThat(ids.ids()).hasSize(Picks.CONTACTS_PER_SOURCE).doesNotHaveDuplicates()
                            .allSatisfy(id -> assertThat(id).isBetween(1, 1_000));
                    case LogWindow window -> {
                        assertThat(LogCatalog.uris()).contains(window.uri());
                        assertThat(window.from()).isAfterOrEqualTo(LogCatalog.FIRST);
                        assertThat(window.to()).isEqualTo(window.from().plusHours(1)).isBeforeOrEqualTo(LogCatalog.END);
                    }
                }
            }
        }
    }

    @Test
    void fewerContactsThanPerPageAreAllPicked() {
        assertThat(((ContactIds) Picks.draw(1, 3).of(PortalSource.CONTACTS_MYSQL)).ids()).containsExactlyInAnyOrder(1, 2, 3);
    }

    @Test
    void seedsAreWholeNumbersFromZero() {
        assertThat(SeedParameter.parse("0")).isZero();
        assertThat(SeedParameter.parse(" 17 ")).isEqualTo(17);
        assertThat(SeedParameter.parse(Long.toString(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
        assertThatThrownBy(() -> SeedParameter.parse("abc")).hasMessageContaining("whole number");
        assertThatThrownBy(() -> SeedParameter.parse("-1")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> SeedParameter.parse("9223372036854775808")).hasMessageContaining("out of range");
    }
}
