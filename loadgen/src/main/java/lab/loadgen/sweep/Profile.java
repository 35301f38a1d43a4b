package lab.loadgen.sweep;

import java.util.List;
import java.util.Map;

import lab.link.Link;

/**
 * A named sweep: per app, an {@link AppPlan}; the tools it runs by default ("a|b": the first of
 * them that is installed — wrk2 in the container, oha natively); notes for the page, e.g. why
 * a tool is left out; and the time the whole sweep may take (null: no limit), which the adaptive
 * repetitions share out.
 */
public record Profile(String name, Map<String, AppPlan> apps, List<String> tools, List<String> notes, Integer budgetSec) {

    public Profile(String name, Map<String, AppPlan> apps, List<String> tools, List<String> notes) {
        this(name, apps, tools, notes, null);
    }

    public static final List<String> NAMES = List.of("map", "map-all", "smoke", "quick", "thesis", "thesis-quick", "latency");
    /** What {@code make loadtest} runs without a PROFILE. */
    public static final String DEFAULT = "map";
    /**
     * The modes PROFILE=map measures, by app: those a Java team chooses between (Spring MVC on JDBC,
     * on a thread pool, on Vert.x, on virtual threads, and WebFlux on R2DBC; the shop's four), so that
     * a fresh clone's map fits its time; PROFILE=map-all measures every instance.
     */
    public static final Map<String, List<String>> MAP_MODES = Map.of(
            "portal", List.of("jdbc", "threadpool", "nonblocking", "virtual", "webflux"),
            "shop", List.of("jdbc", "threadpool", "nonblocking", "virtual"));

    /** The modes measured by app when no --modes is given; an app it does not name: every mode. */
    public Map<String, List<String>> defaultModes() {
        return name.equals("map") ? MAP_MODES : Map.of();
    }

    /**
     * The maps warm each instance they measure up at a light load until its JIT is done (at most this
     * long, alone: {@link JitWarmup}) before their own warm-up at the plan's load, so that make loadtest
     * need not wait for make up's warm-up of every instance; 0: no such warm-up.
     */
    public int jitWarmupSec() {
        return name.startsWith("map") ? JitWarmup.CAP_SEC : 0;
    }

    /** The fixed-rate tool: wrk2 where it is installed (the container), else oha. */
    static final String OPEN_LOOP = "wrk2|oha";

    static final String NO_HTTPERF = "httperf is left out of this profile: it runs a fixed number of calls per "
            + "connection, not a fixed time, so its repetitions cannot share the profile's fixed measured window, "
            + "and its connections finish one by one, so it does not hold its nominal concurrency to the end "
            + "(Little's law showed 0.7–3.5 of 25–250 with 5 calls per connection); the sweep's --tools httperf runs "
            + "it with the profile's calls per connection (the thesis' 100 in PROFILE=thesis)";

    /** The portal's and the shop's fixed concurrency in PROFILE=latency. */
    public static final Map<String, Integer> LATENCY_CONCURRENCY = Map.of("portal", 200, "shop", 1000);
    /** loopback through the proxies (0), same rack, same zone, nearby, far, the thesis' Internet link. */
    public static final List<Double> LATENCY_RTTS = List.of(0.0, 0.2, 1.0, 5.0, 20.0, 78.0);

    /** The thesis measured over 1 GbE: its profile puts the link at lan. */
    static final List<Double> THESIS_LINK = List.of(Link.LAN.rttMs());
    /** The portal also at wan, an Internet link (the thesis' Figure 4.3 for pipelining; its load tests ran at lan only). */
    static final List<Double> THESIS_PORTAL_LINKS = List.of(Link.LAN.rttMs(), Link.WAN.rttMs());
    /**
     * PROFILE=thesis' levels: the portal from 1 to 1,000 with more levels around its knee near 400 (the
     * thesis swept in steps of 50), the shop from 1 to 10,000 (the thesis' top).
     */
    public static final Map<String, List<Integer>> THESIS_LEVELS = Map.of(
            "portal", List.of(1, 50, 200, 400, 600, 1000), "shop", List.of(1, 1000, 5000, 10_000));
    /** PROFILE=thesis-quick's levels: below and at the portal's knee; the shop at 1,000 and 10,000. */
    public static final Map<String, List<Integer>> THESIS_QUICK_LEVELS = Map.of(
            "portal", List.of(50, 400), "shop", List.of(1000, 10_000));
    /** PROFILE=thesis' whole time, added rounds included: make thesis' load part, within its two hours. */
    static final int THESIS_BUDGET_SEC = 80 * 60;
    /** 14 minutes: the fair pass (make thesis' FAIR_POOL=1: about 3 minutes with its restarts) still leaves added rounds room. */
    static final int THESIS_QUICK_BUDGET_SEC = 14 * 60;

    /** The map's round trips: the proxy hop alone, the thesis' 1 GbE, a link across a region, the thesis' Internet link. */
    public static final List<Double> MAP_RTTS = List.of(0.0, Link.LAN.rttMs(), 20.0, Link.WAN.rttMs());
    /**
     * The default map's whole time on two cores, warm-ups and added rounds included. Nine instances
     * with 23 minutes took 25–26 minutes (their last scenarios, at 78 ms, taking longer than the overrun
     * measured on the first). Twelve instances (the WebFlux and R2DBC stacks) with 25 minutes took
     * 30:11 (run 20261202-012146-map), with 24 minutes and 25 s warm-ups 32:04 (20261202-043326-map:
     * every warm-up reached its cap, the scenarios took 1.47× their plan); 22 minutes and 15 s
     * warm-ups for make loadtest within 30.
     */
    static final int MAP_BUDGET_SEC = 22 * 60;
    /** The map's low and high load per app. */
    public static final Map<String, List<Integer>> MAP_LEVELS = Map.of("portal", List.of(20, 200), "shop", List.of(50, 1000));

    public static Profile named(String name) {
        return switch (name) {
            // the answer map: every mode of both apps at a low and a high load × four round trips,
            // 3 to 7 interleaved repetitions per cell, closed loop (goodput, p99, CPU per request):
            // 96 points within 30 minutes on two cores (the sweep prints its plan)
            case "map", "map-all" -> new Profile(name, Map.of("portal", map("portal"), "shop", map("shop")), List.of("wrk"),
                    List.of("PROFILE=" + name + ": " + (name.equals("map") ? "the modes a Java team chooses between "
                            + "(portal " + MAP_MODES.get("portal") + ", shop " + MAP_MODES.get("shop") + "; PROFILE=map-all: "
                            + "every instance)" : "every instance") + " at a low and a high load × the link's round trip at 0 (the proxy "
                            + "hop alone), lan (" + Link.LAN.rttMs() + " ms, the thesis' 1 GbE), 20 ms and wan ("
                            + Link.WAN.rttMs() + " ms, the thesis' Internet link), set through the lab's Toxiproxy "
                            + "proxies between the scenarios; wrk (closed loop) only; each instance warmed up until "
                            + "steady; 3 to 7 interleaved rounds of 3 s per scenario (more while a mode against jdbc "
                            + "is still tied, within " + MAP_BUDGET_SEC / 60 + " minutes in all); PROFILE=quick adds oha "
                            + "and the DB-only rate"), MAP_BUDGET_SEC);
            // two short levels per mode, two repetitions, for CI
            case "smoke" -> new Profile(name, Map.of(
                    "portal", new AppPlan(List.of(1, 10), 5, 2, 5, 2, 0.5, 60, 2, 0),
                    "shop", new AppPlan(List.of(1, 10), 5, 2, 5, 2, 0.5, 60, 2, 0)),
                    List.of("httperf", "wrk", OPEN_LOOP), List.of());
            // a low and a high level per mode, 3 repetitions of 10 s each; the fixed-rate tool at the
            // low level: all twelve instances (nine took about 17 minutes on two cores)
            case "quick" -> new Profile(name, Map.of(
                    "portal", new AppPlan(List.of(25, 500), 5, 10, 5, 10, 0.5, 60, 3, 2, List.of(25), List.of()),
                    "shop", new AppPlan(List.of(50, 1000), 5, 10, 5, 10, 0.5, 60, 3, 2, List.of(50), List.of())),
                    List.of("wrk", OPEN_LOOP, "ceiling"), List.of(NO_HTTPERF));
            // thesis 4.2-4.3, Figures 4.6-4.9 within make thesis' two hours: the portal 1..1,000 with
            // levels around its knee (~400) at lan (1 GbE) and wan (the Internet figure), the shop up
            // to 10,000 at lan; wrk (closed loop) only, 3 interleaved rounds of 8 s, more while a mode
            // against jdbc is tied, within the budget
            case "thesis" -> new Profile(name, Map.of(
                    "portal", thesis(THESIS_LEVELS.get("portal"), 8, 30, 2, 5, THESIS_PORTAL_LINKS),
                    "shop", thesis(THESIS_LEVELS.get("shop"), 8, 30, 2, 5, THESIS_LINK)),
                    List.of("wrk"), List.of(thesisNote(THESIS_BUDGET_SEC)), THESIS_BUDGET_SEC);
            // the same figures at two levels each, 3 rounds of 4 s: make thesis-quick's load part
            case "thesis-quick" -> new Profile(name, Map.of(
                    "portal", thesis(THESIS_QUICK_LEVELS.get("portal"), 4, 15, 1, 3, THESIS_PORTAL_LINKS),
                    "shop", thesis(THESIS_QUICK_LEVELS.get("shop"), 4, 15, 1, 3, THESIS_LINK)),
                    List.of("wrk"), List.of(thesisNote(THESIS_QUICK_BUDGET_SEC)), THESIS_QUICK_BUDGET_SEC);
            // one concurrency per app, the link's RTT swept; closed loop only (req/s, mean, p99)
            case "latency" -> new Profile(name, Map.of(
                    "portal", latency("portal"), "shop", latency("shop")),
                    List.of("wrk"), List.of("PROFILE=latency: wrk (closed loop) at one concurrency per app while the "
                    + "link's round trip changes between steps; the fixed-rate tool and httperf are left out to fit "
                    + "the profile in 30 minutes per app"));
            default -> throw new IllegalArgumentException("unknown profile '" + name + "'; one of " + NAMES);
        };
    }

    private static AppPlan map(String app) {
        // 3 s repetitions: 16 scenarios × 12 instances × 3 rounds and the points' 1 s warm-ups (each
        // profiled: ~1,000 CPU samples) plan 18.4 minutes, the instances' warm-ups until steady at their
        // highest load 3 more at most (15 s each: make up has warmed them at 8 connections already; nine
        // instances had 45 s each, twelve 25 s and all twelve reached it); added rounds and longer
        // repetitions for slow points share what is left
        return new AppPlan(MAP_LEVELS.get(app), 5, 3, 5, 15, 0.5, 60, 3, 1, List.of(), MAP_RTTS, 7);
    }

    /** A thesis plan: 3 to {@code maxRounds} interleaved rounds of {@code roundSec} at the given links. */
    private static AppPlan thesis(List<Integer> levels, int roundSec, int warmupSec, int pointWarmupSec, int maxRounds,
                                  List<Double> rtts) {
        // 10 s timeout: a jdbc portal page at wan waits 12 round trips of 78 ms in turn, about 1 s
        return new AppPlan(levels, 100, roundSec, 10, warmupSec, 0.5, 120, 3, pointWarmupSec, List.of(), rtts, maxRounds);
    }

    private static String thesisNote(int budgetSec) {
        return "PROFILE=thesis: Figures 4.6-4.9 of the thesis at its links, set through the lab's Toxiproxy proxies: "
                + "lan (" + Link.LAN.rttMs() + " ms RTT, the thesis' 1 GbE) for both apps, and wan (" + Link.WAN.rttMs()
                + " ms, its Internet link) for the portal; wrk (closed loop) only, where the thesis ran httperf with 100 "
                + "calls per connection (httperf cannot share a fixed measured window: see PROFILE=quick's note); "
                + "3 interleaved rounds per scenario, more while a mode against jdbc is tied, within " + budgetSec / 60
                + " minutes in all";
    }

    private static AppPlan latency(String app) {
        // a page at 78 ms RTT in jdbc takes ~1.3 s: 10 s repetitions still count hundreds of pages
        return new AppPlan(List.of(LATENCY_CONCURRENCY.get(app)), 5, 10, 10, 10, 0.5, 60, 3, 2, List.of(),
                LATENCY_RTTS);
    }

    public AppPlan plan(String app) {
        AppPlan p = apps.get(app);
        if (p == null) {
            throw new IllegalArgumentException("profile " + name + " has no plan for app '" + app + "'");
        }
        return p;
    }
}
