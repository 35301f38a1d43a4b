package lab.loadgen.faults;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The faults of {@code make faults}, by letter. */
public enum Fault {
    SERVER_STOP("a", "server stopped", "MariaDB stopped (natively the machine's server, in containers the MariaDB containers) and started again"),
    SILENT("b", "silent server", "Toxiproxy timeout toxics: connections accepted, nothing answered; cleared with the connections that lost bytes closed"),
    RESET("c", "connections reset", "Toxiproxy reset_peer toxic: every connection reset as data arrives"),
    LATENCY("d", "2 s latency", "Toxiproxy latency toxic: +2,000 ms on every reply"),
    BANDWIDTH("e", "1 KB/s", "Toxiproxy bandwidth toxic: replies limited to 1 KB/s"),
    KILL("f", "sessions killed", "the app's sessions killed on the servers (pg_terminate_backend / KILL)");

    public final String letter;
    public final String label;
    public final String how;

    Fault(String letter, String label, String how) {
        this.letter = letter;
        this.label = label;
        this.how = how;
    }

    /** Through the lab's Toxiproxy proxies (a lab started with {@code make up LINK=0}). */
    public boolean viaProxy() {
        return this != SERVER_STOP && this != KILL;
    }

    /** "b,c" or "silent,reset" → the faults, in the order asked. */
    public static List<Fault> parse(String list) {
        List<Fault> faults = new ArrayList<>();
        for (String part : list.split(",")) {
            String p = part.strip().toLowerCase(Locale.ROOT);
            if (p.isEmpty()) {
                continue;
            }
            Fault found = null;
            for (Fault f : values()) {
                if (f.letter.equals(p) || f.name().toLowerCase(Locale.ROOT).replace('_', '-').equals(p)) {
                    found = f;
                }
            }
            if (found == null) {
                throw new IllegalArgumentException("unknown fault '" + part.strip() + "'; accepted: a..f or "
                        + "server-stop, silent, reset, latency, bandwidth, kill");
            }
            faults.add(found);
        }
        return faults;
    }
}
