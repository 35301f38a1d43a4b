package lab.access.direct;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

import lab.access.direct.Page.Contact;

/**
 * The portal's 12-query page written against JDBC itself, as a developer would without the lab's
 * access API: 5 primary-key queries on one connection of each contacts source, one count on each
 * log source, one after another on the caller's thread. Its lines are what "Asynchronous drivers
 * are much more complicated to use" compares ({@code lab.report.verdict.Complexity}) with
 * {@link VertxPage}, the same page against the non-blocking client.
 */
public final class JdbcPage {

    private final List<DataSource> contactSources;
    private final List<DataSource> logSources;

    public JdbcPage(List<DataSource> contactSources, List<DataSource> logSources) {
        this.contactSources = contactSources;
        this.logSources = logSources;
    }

    public Page load(List<Integer> ids, String uri, LocalDateTime from, LocalDateTime to) throws SQLException {
        List<List<Contact>> contacts = new ArrayList<>();
        for (DataSource source : contactSources) {
            List<Contact> rows = new ArrayList<>();
            try (Connection c = source.getConnection(); PreparedStatement query = c.prepareStatement(Page.CONTACT_SQL)) {
                for (int id : ids) {
                    query.setInt(1, id);
                    try (ResultSet rs = query.executeQuery()) {
                        while (rs.next()) {
                            rows.add(new Contact(rs.getInt("id"), rs.getString("name"), rs.getString("phone")));
                        }
                    }
                }
            }
            contacts.add(rows);
        }
        List<Long> hits = new ArrayList<>();
        for (DataSource source : logSources) {
            try (Connection c = source.getConnection(); PreparedStatement query = c.prepareStatement(Page.HITS_SQL)) {
                query.setString(1, uri);
                query.setObject(2, from);
                query.setObject(3, to);
                try (ResultSet rs = query.executeQuery()) {
                    rs.next();
                    hits.add(rs.getLong("hits"));
                }
            }
        }
        return new Page(contacts, hits);
    }
}
