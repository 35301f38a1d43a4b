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
     * As above, on what the link adds to the lab's own proxy hop when that was measured at rest
     * ({@code hopMs}: {@code SELECT 1} through a proxy with no toxic): the thesis' round trip is a
     * ping between two hosts, while the measured one also holds the server's {@code SELECT 1}, the
     * driver and the proxy hop, which made the portal's 0.19 ms link read 0.46 ms, "off the link".
     */
    public static JudgedLink of(String name, double thesisRttMs, Double askedMs, Double measuredMs, Double hopMs) {
        boolean overHop = measuredMs != null && hopMs != null;
        Double rtt = overHop ? Math.max(0, measuredMs - hopMs) : measuredMs != null ? measuredMs : askedMs;
        String figures = (askedMs == null ? "" : ms(askedMs) + " asked, ")
                + (measuredMs == null ? "RTT not measured: judged on the asked one" : ms(measuredMs) + " measured RTT")
                + (overHop ? ", " + ms(rtt) + " over the proxy hop (" + ms(hopMs) + " at rest)" : "");
        if (rtt == null) {
            return new JudgedLink(name + ", RTT neither asked nor measured, not known to be the thesis' link",
                    "RTT unknown, thesis " + ms(thesisRttMs));
        }
        boolean on = rtt >= thesisRttMs / FACTOR && rtt <= thesisRttMs * FACTOR;
        if (on) {
            return new JudgedLink("on the thesis' link (" + name + ": " + figures + ")", "");
        }
        return new JudgedLink("off the thesis' link (" + name + ": " + figures + "; thesis " + ms(thesisRttMs) + ")",
                "off the thesis' link: " + ms(rtt) + (measuredMs == null ? " asked" : overHop ? " measured over the proxy hop"
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
