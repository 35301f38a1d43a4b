package lab.access.direct;

import java.util.List;

/**
 * What the portal's page shows (thesis Figure 3.1), as both hand-written versions return it: per
 * contacts source the rows of its 5 ids, per log source a count. Shared by {@link JdbcPage} and
 * {@link VertxPage}, so neither's line count holds it.
 */
public record Page(List<List<Contact>> contacts, List<Long> hits) {

    public record Contact(int id, String name, String phone) {
    }

    static final String CONTACT_SQL = "SELECT id, name, phone FROM direct_contacts WHERE id = ?";
    static final String HITS_SQL = "SELECT COUNT(*) AS hits FROM direct_log WHERE uri = ? AND ts >= ? AND ts < ?";
}
