package lab.report.verdict;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import lab.report.results.Point;

/** A point's flags as the pages print them: why it may not win a verdict or decide a claim. */
public final class Flags {

    private Flags() {
    }

    public static List<String> describe(Point p) {
        List<String> out = new ArrayList<>();
        if (p.error() != null) {
            out.add("failed");
        }
        if (p.hasFlag(Point.FLAG_ERRORS)) {
            out.add(String.format(Locale.ROOT, "✕ errors %.1f %% (> %.0f %%)",
                    p.errorRatePct() == null ? 0 : p.errorRatePct(), Point.ERROR_LIMIT_PCT));
        }
        if (p.hasFlag(Point.FLAG_BELOW_NOMINAL)) {
            out.add(String.format(Locale.ROOT, "✕ < %.0f %% of nominal concurrency", 100 * Point.NOMINAL_SHARE));
        }
        if (p.hasFlag(Point.FLAG_LOAD_UNKNOWN)) {
            out.add("✕ load held not known: " + p.held().words());
        }
        if (p.hasFlag(Point.FLAG_INCONSISTENT)) {
            out.add(String.format(Locale.ROOT, "✕ inconsistent: %.1f in flight by Little's law for %d connections",
                    p.littleConcurrency(), p.concurrency()));
        }
        if (p.hasFlag(Point.FLAG_INTERFERENCE)) {
            out.add("▲ interference");
        }
        if (p.hasFlag("loadToolSaturated")) {
            out.add("▲ load tool saturated");
        }
        if (p.hasFlag("someRepetitionsFailed")) {
            out.add("✕ some repetitions failed");
        }
        if (p.hasFlag(Point.FLAG_NOT_STEADY)) {
            out.add("✕ not steady: the repetitions trend one way");
        }
        p.repetitionsLeftOut().forEach((flaw, n) -> out.add(String.format(Locale.ROOT, "▵ %d of %d repetitions left out: %s",
                n, p.repetitions().size(), WORDS.getOrDefault(flaw, flaw))));
        return out;
    }

    /** What each flag means, in words a user understands. */
    static final java.util.Map<String, String> WORDS = java.util.Map.of(
            Point.FLAG_ERRORS, "more than 1 % of its requests failed",
            Point.FLAG_INTERFERENCE, "other processes took the CPU while it ran",
            Point.FLAG_SATURATED, "the load tool, not the app, was the bottleneck",
            Point.FLAG_BELOW_NOMINAL, "fewer requests in flight than connections asked (Little's law, for wrk its own count, "
                    + "and the app's own count agree)",
            Point.FLAG_LOAD_UNKNOWN, "the load it held is not known (a count of requests in flight missing, or the tool's and "
                    + "the app's counts disagree)",
            Point.FLAG_INCONSISTENT, "more requests in flight than connections (the app agrees)",
            Point.FLAG_NOT_STEADY, "its repetitions still trend one way (not steady)",
            "someRepetitionsFailed", "some of its repetitions failed",
            Point.FLAG_FAILED, "it failed in every repetition");

    /** What would lift each flag that keeps a point from deciding: the run that would decide it. */
    static final java.util.Map<String, String> REMEDIES = java.util.Map.of(
            Point.FLAG_NOT_STEADY, "repetitions that no longer trend, after a longer warm-up (make up's own, "
                    + "WARM=90 by default, not WARM=0; or a profile with more rounds)",
            Point.FLAG_INTERFERENCE, "a rerun with nothing else busy on the machine",
            Point.FLAG_SATURATED, "a load tool with CPU to spare (on a host of its own: docs/several-machines.md)",
            Point.FLAG_BELOW_NOMINAL, "a point that holds its connections: a load tool on cores of its own (a load "
                    + "host: docs/several-machines.md), not waiting for the app's between an answer and its next request",
            Point.FLAG_INCONSISTENT, "a rerun: the tool and the app disagreed on the requests in flight",
            Point.FLAG_LOAD_UNKNOWN, "a run that counts the requests in flight on both sides (wrk's status script and the "
                    + "app's http_server_requests_in_flight) and a point where the two agree");

    /**
     * "to decide: …" for a reason of the pairwise rule naming flags ("x flagged: notSteady"): what
     * would lift each flag; "" when it names none that a rerun could lift.
     */
    public static String toDecide(String why) {
        int at = why == null ? -1 : why.indexOf(" flagged: ");
        if (at < 0) {
            return "";
        }
        List<String> remedies = new ArrayList<>();
        for (String f : why.substring(at + " flagged: ".length()).split(", ")) {
            String r = REMEDIES.get(f.strip());
            if (r != null && !remedies.contains(r)) {
                remedies.add(r);
            }
        }
        return remedies.isEmpty() ? "" : "to decide: " + String.join("; and ", remedies);
    }

    /**
     * A reason of the pairwise rule in words: "x flagged: errors, interference" becomes "no decision:
     * x — more than 1 % of its requests failed; other processes took the CPU while it ran".
     */
    public static String inWords(String why) {
        if (why == null) {
            return null;
        }
        int at = why.indexOf(" flagged: ");
        if (at < 0) {
            return "no decision: " + why;
        }
        List<String> words = new ArrayList<>();
        for (String f : why.substring(at + " flagged: ".length()).split(", ")) {
            words.add(WORDS.getOrDefault(f, f));
        }
        return "no decision: " + why.substring(0, at) + " — " + String.join("; ", words);
    }
}
