package lab.microbench.thesis;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeSet;
import java.util.function.Function;

import lab.link.Link;
import lab.microbench.pages.Charts;
import lab.report.Fmt;
import lab.report.Page;
import lab.report.Spread;
import lab.report.results.Point;
import lab.report.results.Results;
import lab.report.results.Series;
import lab.report.verdict.Claim;
import lab.report.verdict.JudgedLink;

/**
 * Figures 4.6–4.9 of the thesis (its load tests, sections 4.2–4.3) beside a load run of loadgen:
 * the thesis' caption, our chart at the same axes (a figure per concurrent connections, one line
 * per mode), the link asked and measured, and the verdict of the claims the figure carries.
 */
final class LoadFigures {

    /**
     * One of the thesis' load figures as this project reads it (the thesis text is not shipped: the
     * caption is our summary of it).
     *
     * @param id      "Figure 4.6"
     * @param app     portal or shop
     * @param link    the thesis' link it was measured on
     * @param figure  the y axis: goodput or mean reply time
     * @param thesis  what the thesis' figure shows
     * @param claims  the source of the claims judged on it ("4.2", "4.3"), or empty
     */
    record Figure(String id, String app, Link link, Measure figure, String thesis, String claims) {
    }

    /** A figure's y axis: its name and how it is read off a point. */
    enum Measure {
        GOODPUT("successful requests/s (goodput)", Point::requestsPerSec),
        MEAN_REPLY("mean reply time, ms", Point::meanReplyMs);

        final String axis;
        final Function<Point, Double> value;

        Measure(String axis, Function<Point, Double> value) {
            this.axis = axis;
            this.value = value;
        }
    }

    /** The one chart of the section that is not the thesis' own. */
    static final String BEYOND = "Beyond the thesis";

    static final List<Figure> FIGURES = List.of(
            new Figure("Figure 4.6", "portal", Link.LAN, Measure.GOODPUT, "The portal's pages per second against concurrent "
                    + "connections (1 to 1,000) over 1 Gb/s Ethernet: the thread pool ahead of JDBC at low concurrency (50 "
                    + "connections or fewer) and degrading past about 400 connections; non-blocking I/O dramatically above "
                    + "both; the fair hand-off abysmal, about 36 pages/s (ours: series threadpool-fair, the portal's thread "
                    + "pool restarted with the fair hand-off for a pass of its own by make thesis on a native lab; "
                    + "abysmal is taken as below half the unfair pool's goodput).", "4.2"),
            new Figure("Figure 4.7", "portal", Link.LAN, Measure.MEAN_REPLY, "The portal's response time against concurrent "
                    + "connections over 1 Gb/s Ethernet: the reply times behind Figure 4.6, rising with the load, least for "
                    + "non-blocking I/O.", ""),
            new Figure("Figure 4.8", "shop", Link.LAN, Measure.GOODPUT, "The shop's requests per second against concurrent "
                    + "connections up to 10,000 over 1 Gb/s Ethernet: non-blocking I/O scales better; blocking JDBC on "
                    + "Netty's event loop serves the least.", "4.3"),
            new Figure("Figure 4.9", "shop", Link.LAN, Measure.MEAN_REPLY, "The shop's average reply time for each load, up "
                    + "to 10,000 concurrent connections over 1 Gb/s Ethernet (lower is better): the reply times behind "
                    + "Figure 4.8; the thread pool still scales fairly well, non-blocking I/O degrades less as the load rises.",
                    ""),
            new Figure(BEYOND, "portal", Link.WAN, Measure.GOODPUT, "Not a figure of the thesis, which ran its load tests "
                    + "over 1 Gb/s Ethernet only: the portal with its databases across an Internet link (78 ms round trip), "
                    + "where every query waits a round trip, so the modes that overlap a page's queries should keep their "
                    + "lead over JDBC, which waits for them one after another.", ""));


    /** The load tool a figure is drawn from: wrk (closed loop, every profile) when the run has it, else httperf. */
    static final List<String> TOOLS = List.of("wrk", "httperf");

    private LoadFigures() {
    }

    static void render(Page html, Optional<Results> load, List<Claim> claims) {
        html.section("load", "Figures 4.6–4.9: the load tests, and the portal over the Internet");
        if (load.isEmpty()) {
            html.note("No load run on this page: make thesis runs PROFILE=thesis and passes its results (microbench page "
                    + "--load results/<run-id>).");
        } else {
            Results r = load.get();
            html.p("Load run " + r.run().id() + " (PROFILE=" + r.run().profile() + ", started " + r.run().started() + "; its own "
                    + "page: ../" + r.run().id() + "/index.html). Goodput = complete successes per second; each point is the "
                    + "median of its interleaved repetitions.");
        }
        for (Figure f : FIGURES) {
            figure(html, f, load, claims);
        }
    }

    private static void figure(Page html, Figure f, Optional<Results> load, List<Claim> claims) {
        html.h3(f.id() + ": " + f.app() + ", " + f.figure().axis + " against concurrent connections, " + f.link().name() + " ("
                + Fmt.trimmed(f.link().rttMs()) + " ms RTT)");
        html.note("Thesis: " + f.thesis());
        List<Series> series = load.map(r -> series(r, f)).orElse(List.of());
        if (series.isEmpty()) {
            html.note("Not measured in this run: no " + f.app() + " points at " + f.link().name() + ".");
            return;
        }
        TreeSet<Integer> levels = new TreeSet<>();
        series.forEach(s -> points(s, f).forEach(p -> levels.add(p.concurrency())));
        List<Map<String, Object>> datasets = new ArrayList<>();
        List<String> head = new ArrayList<>(List.of("connections"));
        List<List<String>> cells = new ArrayList<>();
        levels.forEach(l -> cells.add(new ArrayList<>(List.of(String.valueOf(l)))));
        List<Double> measured = new ArrayList<>();
        for (Series s : series) {
            head.add(s.mode() + " (" + s.tool() + ")");
            List<Map<String, Object>> values = new ArrayList<>();
            int row = 0;
            for (int level : levels) {
                Double v = points(s, f).filter(p -> p.concurrency() == level).map(f.figure().value).filter(Objects::nonNull)
                        .findFirst().orElse(null);
                if (v != null) {
                    values.add(Map.of("x", level, "y", v));
                }
                cells.get(row++).add(v == null ? "–" : Fmt.num(v));
            }
            points(s, f).map(Point::rttMeasuredMs).filter(Objects::nonNull).forEach(measured::add);
            datasets.add(Charts.line(s.mode(), values, Charts.color(colorOf(s.mode())), true));
        }
        html.table(head, cells.stream().map(c -> new Page.Row(c, "")).toList());
        html.chart(Charts.xy(f.id() + (f.id().equals(BEYOND) ? ": " : " reproduced: ") + f.app() + " at " + f.link().name(),
                datasets, "concurrent connections",
                f.figure().axis), 340);
        Spread rtt = measured.isEmpty() ? null : Spread.of(measured);
        html.note("Link: " + JudgedLink.of(f.link().name(), f.link().rttMs(), new JudgedLink.Figures(f.link().rttMs(),
                rtt == null ? null : rtt.median(), load.map(r -> r.run().directAtRestMs()).orElse(null),
                load.map(r -> r.run().addedMsAt(f.link().rttMs())).orElse(null))).text()
                + (rtt == null ? "" : String.format(Locale.ROOT, "; measured on %d points, %s–%s ms", rtt.n(),
                Fmt.trimmed(rtt.min()), Fmt.trimmed(rtt.max()))) + ".");
        List<Claim> mine = f.claims().isEmpty() ? List.of() : claims.stream().filter(c -> c.source().equals(f.claims())).toList();
        if (mine.isEmpty()) {
            html.note("Verdict: no claim of the thesis rests on this figure alone; its shape is shown for comparison"
                    + (f.claims().isEmpty() ? "." : " (no claim of " + f.claims() + " judged on this run)."));
        } else {
            html.claims(mine);
        }
    }

    /** One color per mode on every figure: the access modes in their order; another (reactive, a fair pool) by its name. */
    private static int colorOf(String mode) {
        List<String> modes = java.util.Arrays.stream(lab.access.Mode.values()).map(lab.access.Mode::id).toList();
        int i = modes.indexOf(mode);
        return i >= 0 ? i : modes.size() + Math.floorMod(mode.hashCode(), 6);
    }

    /** The app's series of the first tool in {@link #TOOLS} the run has at the figure's link, one per mode. */
    static List<Series> series(Results r, Figure f) {
        for (String tool : TOOLS) {
            List<Series> found = r.series().stream().filter(s -> s.app().equals(f.app()) && s.tool().equals(tool))
                    .filter(s -> points(s, f).findAny().isPresent()).toList();
            if (!found.isEmpty()) {
                return found;
            }
        }
        return List.of();
    }

    private static java.util.stream.Stream<Point> points(Series s, Figure f) {
        return s.points().stream().filter(p -> p.concurrency() != null && p.rttMs() != null
                && Math.abs(p.rttMs() - f.link().rttMs()) < 1e-9);
    }
}
