package lab.portal;

import java.util.Locale;
import lab.data.Sources;

/** The four sources of the portal page (thesis 4.2), in the order their panels appear. */
public enum PortalSource {
    CONTACTS_MYSQL(Sources.CONTACTS_MYSQL, Kind.CONTACTS, "MySQL"),
    CONTACTS_PG(Sources.CONTACTS_PG, Kind.CONTACTS, "PostgreSQL"),
    LOGS_MYSQL(Sources.LOGS_MYSQL, Kind.LOGS, "MySQL"),
    LOGS_PG(Sources.LOGS_PG, Kind.LOGS, "PostgreSQL");

    /** What a source holds, and so what the page asks of it. */
    public enum Kind {
        /** 5 contacts by primary key, on one session (pipelined where the mode can). */
        CONTACTS("Contacts"),
        /** The hits of one URI in one hour of the access log. */
        LOGS("Access log");

        public final String title;

        Kind(String title) {
            this.title = title;
        }
    }

    public final Sources source;
    public final Kind kind;
    public final String engine;

    PortalSource(Sources source, Kind kind, String engine) {
        this.source = source;
        this.kind = kind;
        this.engine = engine;
    }

    /** {@code contacts-mysql} etc.: the panel's id on the page and the health component's name. */
    public String id() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public String title() {
        return kind.title;
    }

    public String engine() {
        return engine;
    }
}
