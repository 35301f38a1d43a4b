package lab.portal;

import java.util.List;
import lab.access.DbException;
import lab.access.ForkJoin;
import lab.access.OverloadedException;
import lab.access.Row;
import lab.access.Rows;
import lab.portal.Picks.Pick;

/**
 * One source's part of the page: what was asked, what came back (or why nothing did), how long
 * it took and the thread on which its result arrived.
 *
 * @param contacts the contacts, for a contacts source that answered
 * @param hits     the hit count, for a logs source that answered
 * @param error    why the source failed, or null
 */
public record Panel(PortalSource source, String address, Pick pick, List<Contact> contacts, Long hits,
                    double millis, String thread, Throwable error) {

    private static final int MAX_MESSAGE = 300;

    public record Contact(long id, String name, String phone) {
        static Contact of(Row row) {
            return new Contact(row.getLong("id"), row.getString("name"), row.getString("phone"));
        }
    }

    /** What a source answered: its contacts, or its hit count. */
    record Answer(List<Contact> contacts, Long hits) {
        static Answer contacts(List<Rows> perId) {
            return new Answer(perId.stream().flatMap(rows -> rows.list().stream()).map(Contact::of).toList(), null);
        }

        static Answer hits(Rows rows) {
            return new Answer(null, rows.first().getLong("hits"));
        }
    }

    /** The panel of a source that answered ({@code error == null}) or failed, built where its result arrived. */
    static Panel of(PortalSource source, String address, Pick pick, Answer answer, Throwable error, double millis) {
        String thread = Thread.currentThread().getName();
        if (error != null) {
            return new Panel(source, address, pick, null, null, millis, thread, ForkJoin.unwrap(error));
        }
        return new Panel(source, address, pick, answer.contacts(), answer.hits(), millis, thread, null);
    }

    public boolean ok() {
        return error == null;
    }

    public boolean overloaded() {
        return error instanceof OverloadedException;
    }

    /** One line for the page: the driver's message naming the source, never a stack trace. */
    public String errorMessage() {
        if (error == null) {
            return null;
        }
        String text = error instanceof DbException ? error.getMessage()
                : error.getClass().getSimpleName() + (error.getMessage() == null ? "" : ": " + error.getMessage());
        int newline = text.indexOf('\n');
        text = newline < 0 ? text : text.substring(0, newline);
        return text.length() <= MAX_MESSAGE ? text : text.substring(0, MAX_MESSAGE) + "…";
    }
}
