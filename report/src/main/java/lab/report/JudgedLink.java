package lab.report;

import java.util.Locale;

/**
 * The link a claim was judged on, against the link the thesis measured on. The round trip that
 * counts is the measured one (the emulation may add its own hop); without a measurement the asked
 * one stands in, and the text says so. A link is the thesis' own when that round trip lies within
 * {@link #FACTOR}× of the thesis' either way.
 *
 * @param text       where it was judged, for the evidence: "on the thesis' link (lan: 0.19 ms asked, 0.21 ms measured RTT)"
 * @param offSetting empty on the thesis' link, else for the claim's status: "off the thesis' link: 0.9 ms measured RTT, thesis 0.19 ms"
 */
public record JudgedLink(String text, String offSetting) {

    /** How far (either way) a measured round trip may lie from the thesis' and still be its link. */
    public static final double FACTOR = 2;

    /**
     * @param name        the link's name, e.g. "lan" or "loopback"
     * @param thesisRttMs the round trip the thesis measured on
     * @param askedMs     the round trip asked of the emulation (null: not known)
     * @param measuredMs  the round trip measured (null: not measured)
     */
    public static JudgedLink of(String name, double thesisRttMs, Double askedMs, Double measuredMs) {
        return of(name, thesisRttMs, askedMs, measuredMs, null);
    }

    /**
     * As above, on what the link adds to a direct query when one was measured at rest ({@code directMs}:
     * {@code SELECT 1} straight to the server, no proxy), as the lab's links are calibrated (the proxy
     * hop is part of the link): the thesis' round trip is a ping between two hosts, while the measured
     * one also holds the server's {@code SELECT 1} and the driver, which made the portal's 0.19 ms link
     * read 0.46 ms, "off the link".
     */
    public static JudgedLink of(String name, double thesisRttMs, Double askedMs, Double measuredMs, Double directMs) {
        // a direct probe slower than the link's own was not at rest (a cold probe read 1.02 ms): not used
        boolean overDirect = measuredMs != null && directMs != null && directMs < measuredMs;
        Double rtt = overDirect ? measuredMs - directMs : measuredMs != null ? measuredMs : askedMs;
        String figures = (askedMs == null ? "" : ms(askedMs) + " asked, ")
                + (measuredMs == null ? "RTT not measured: judged on the asked one" : ms(measuredMs) + " measured RTT")
                + (overDirect ? ", " + ms(rtt) + " over a direct query (" + ms(directMs) + " at rest)" : "");
        if (rtt == null) {
            return new JudgedLink(name + ", RTT neither asked nor measured, not known to be the thesis' link",
                    "RTT unknown, thesis " + ms(thesisRttMs));
        }
        boolean on = rtt >= thesisRttMs / FACTOR && rtt <= thesisRttMs * FACTOR;
        if (on) {
            return new JudgedLink("on the thesis' link (" + name + ": " + figures + ")", "");
        }
        return new JudgedLink("off the thesis' link (" + name + ": " + figures + "; thesis " + ms(thesisRttMs) + ")",
                "off the thesis' link: " + ms(rtt) + (measuredMs == null ? " asked" : overDirect ? " measured over a direct query"
                        : " measured") + " RTT, thesis "
                        + ms(thesisRttMs));
    }

    /** Where the run gave no round trip at all (the lab's link when it started, named in the run's header). */
    public static JudgedLink unknown(String where, double thesisRttMs) {
        return new JudgedLink(where + ", RTT not known: not known to be the thesis' link",
                "RTT unknown, thesis " + ms(thesisRttMs));
    }

    public boolean onThesisLink() {
        return offSetting.isEmpty();
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%s ms", Fmt.trimmed(v));
    }
}
