package lab.report.verdict;

import java.util.Locale;

import lab.report.Fmt;

/**
 * The link a claim was judged on, against the link the thesis measured on ({@link #of}: what the
 * link adds to a query, as calibrated in the run where it was). A link is the thesis' own when that
 * figure lies within {@link #FACTOR}× of the thesis' either way.
 *
 * @param text       where it was judged, for the evidence: "on the thesis' link (lan: 0.19 ms asked, 0.21 ms measured RTT)"
 * @param offSetting empty on the thesis' link, else for the claim's status: "off the thesis' link: 0.9 ms measured RTT, thesis 0.19 ms"
 */
public record JudgedLink(String text, String offSetting) {

    /** How far (either way) a measured round trip may lie from the thesis' and still be its link. */
    public static final double FACTOR = 2;

    /**
     * What a run knows of a link, each null when not known.
     *
     * @param askedMs  the round trip asked of the emulation
     * @param probeMs  the round trip a probe measured through it ({@code SELECT 1}: the server and the driver included)
     * @param directMs the same probe straight to the server, at rest (no proxy)
     * @param addedMs  what the link adds to one query, as the run calibrated it and checked it (the measure
     *                 the lab's {@code lan} link is set by: Table 4.1's query over loopback, lab.link.LinkCalibration)
     */
    public record Figures(Double askedMs, Double probeMs, Double directMs, Double addedMs) {

        /** Only the asked and the probed round trip. */
        public static Figures probed(Double askedMs, Double probeMs) {
            return new Figures(askedMs, probeMs, null, null);
        }
    }

    /**
     * The one judge of "the thesis' link", for the load and the micro claims alike. The figure judged is
     * what the link adds to a query: as calibrated in the run when it was ({@code addedMs}; the probe is
     * shown beside it), else the probe less the direct probe at rest (the thesis' round trip is a ping
     * between two hosts, while a probe also holds the server's {@code SELECT 1} and the driver, which made
     * the portal's 0.19 ms link read 0.46 ms), else the probe, else the round trip asked. Judged on the
     * probe, one 2 h run read the same 0.19 ms link at 0.39 ms, off it, and a quick run at 0.26 ms, on it.
     */
    public static JudgedLink of(String name, double thesisRttMs, Figures f) {
        Double probe = f.probeMs();
        // a direct probe slower than the link's own was not at rest (a cold probe read 1.02 ms): not used
        boolean overDirect = f.addedMs() == null && probe != null && f.directMs() != null && f.directMs() < probe;
        Double rtt = f.addedMs() != null ? f.addedMs() : overDirect ? probe - f.directMs() : probe != null ? probe : f.askedMs();
        String figures = (f.askedMs() == null ? "" : ms(f.askedMs()) + " asked, ")
                + (f.addedMs() != null ? added(f.addedMs()) + " added per query as calibrated in the run"
                        + (probe == null ? "" : ", probe " + ms(probe) + " RTT")
                : probe == null ? "RTT not measured: judged on the asked one"
                : ms(probe) + " measured RTT" + (overDirect ? ", " + ms(rtt) + " over a direct query (" + ms(f.directMs()) + " at rest)" : ""));
        if (rtt == null) {
            return new JudgedLink(name + ", RTT neither asked nor measured, not known to be the thesis' link",
                    "RTT unknown, thesis " + ms(thesisRttMs));
        }
        boolean on = rtt >= thesisRttMs / FACTOR && rtt <= thesisRttMs * FACTOR;
        if (on) {
            return new JudgedLink("on the thesis' link (" + name + ": " + figures + ")", "");
        }
        String judged = f.addedMs() != null ? added(rtt) + " added per query (calibrated)" : ms(rtt) + (probe == null ? " asked"
                : overDirect ? " measured over a direct query" : " measured") + " RTT";
        return new JudgedLink("off the thesis' link (" + name + ": " + figures + "; thesis " + ms(thesisRttMs) + ")",
                "off the thesis' link: " + judged + ", thesis " + ms(thesisRttMs));
    }

    /** Where the run gave no round trip at all (the lab's link when it started, named in the run's header). */
    public static JudgedLink unknown(String where, double thesisRttMs) {
        return new JudgedLink(where + ", RTT not known: not known to be the thesis' link",
                "RTT unknown, thesis " + ms(thesisRttMs));
    }

    public boolean onThesisLink() {
        return offSetting.isEmpty();
    }

    /** A calibrated figure to the microsecond, as the calibration measures it (0.188 ms, not 0.19). */
    private static String added(double v) {
        return String.format(Locale.ROOT, "%.3f ms", v);
    }

    private static String ms(double v) {
        return String.format(Locale.ROOT, "%s ms", Fmt.trimmed(v));
    }
}
