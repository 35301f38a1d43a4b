package lab.access.direct;

import io.vertx.core.Future;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.PreparedQuery;
import io.vertx.sqlclient.Row;
import io.vertx.sqlclient.RowSet;
import io.vertx.sqlclient.Tuple;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;

import lab.access.direct.Page.Contact;

/**
 * The portal's 12-query page written against the Vert.x SQL client itself, as {@link JdbcPage} is
 * against JDBC: the same queries, fired at once (each contacts source's 5 pipelined on one
 * connection) and joined when all have answered. PostgreSQL's client takes {@code $1} where MySQL's
 * takes {@code ?}: the page says which it talks to.
 */
public final class VertxPage {

    /** A pool and whether it talks to PostgreSQL. */
    public record Source(Pool pool, boolean postgres) {
        String sql(String questionMarks) {
            if (!postgres) {
                return questionMarks;
            }
            StringBuilder sql = new StringBuilder();
            int n = 0;
            for (char ch : questionMarks.toCharArray()) {
                sql.append(ch == '?' ? "$" + ++n : String.valueOf(ch));
            }
            return sql.toString();
        }
    }

    private final List<Source> contactSources;
    private final List<Source> logSources;

    public VertxPage(List<Source> contactSources, List<Source> logSources) {
        this.contactSources = contactSources;
        this.logSources = logSources;
    }

    public Future<Page> load(List<Integer> ids, String uri, LocalDateTime from, LocalDateTime to) {
        List<Future<List<Contact>>> contacts = new ArrayList<>();
        for (Source source : contactSources) {
            contacts.add(source.pool().withConnection(c -> {
                PreparedQuery<RowSet<Row>> query = c.preparedQuery(source.sql(Page.CONTACT_SQL));
                List<Future<RowSet<Row>>> answers = new ArrayList<>();
                for (int id : ids) {
                    answers.add(query.execute(Tuple.of(id)));
                }
                return Future.all(answers).map(done -> {
                    List<Contact> rows = new ArrayList<>();
                    for (Future<RowSet<Row>> answer : answers) {
                        for (Row r : answer.result()) {
                            rows.add(new Contact(r.getInteger("id"), r.getString("name"), r.getString("phone")));
                        }
                    }
                    return rows;
                });
            }));
        }
        List<Future<Long>> hits = new ArrayList<>();
        for (Source source : logSources) {
            hits.add(source.pool().preparedQuery(source.sql(Page.HITS_SQL)).execute(Tuple.of(uri, from, to))
                    .map(rows -> rows.iterator().next().getLong("hits")));
        }
        return Future.all(Future.all(contacts), Future.all(hits)).map(done -> new Page(
                contacts.stream().map(Future::result).toList(), hits.stream().map(Future::result).toList()));
    }
}
