package lab.microbench.thesis;

import java.util.List;
import lab.microbench.Plan;

/**
 * Every parameter of a thesis run, shown as is on the page. {@link #quick()} keeps the whole
 * chapter 4.1 re-run to a few minutes on 2 cores (fewer points per figure, short iterations; the
 * scalability runs against threadpool-fair, the thesis' driver); {@link #smoke()} to the fewest;
 * {@link #full()} runs the thesis' ranges.
 *
 * @param table     JMH settings for Table 4.1: enough measured iterations (3 forks × 8 in quick mode: 24 samples,
 *                  a 99.9 % half-interval of 0.77 standard deviations) that its errors stay under 10 % of the score
 *                  on a quiet machine (with 2 × 5 they reached 61 %), or the page says "inconclusive"; 7 s of
 *                  warm-up on the link itself: the JIT compiles by invocation counts and a loop at lan runs five
 *                  times slower than on loopback, so with 1 s the pipelined loop still got faster through the
 *                  measured iterations (5.4 → 1.6 ms in one fork, errors 24–31 % of the score), and warming on
 *                  loopback first did not carry over to the link (its forks still fell from 3.6 to 1.7 ms); on loopback
 * @param tableOnLink Table 4.1 over the emulated 0.19 ms link, the row the thesis' claim rests on: as {@code table}
 *                  with 5 forks instead of 3 (40 samples, 0.56 standard deviations): its forks differ more than
 *                  its iterations do (PostgreSQL pipelined, fork means 1.08, 1.26 and 1.37 ms in one run; errors
 *                  of 11–13 % of the score with 3 forks)
 * @param jmh       JMH settings of the points a claim of Figures 4.1–4.5 is decided on ({@link #decidingRequests},
 *                  {@link #decidingServers}, every connection count of Figure 4.5): at least 3 forks, whose means are
 *                  the samples a claim's interval is taken on (MicroClaims; a fork's iterations are not independent of
 *                  each other); the rest of each curve runs {@link #curve} of it, one fork, which only draws the line
 * @param slowLink  the same for the 78 ms link, where one operation takes up to seconds
 * @param links     the links of Figures 4.1–4.3 (loopback = direct, the others through Toxiproxy)
 * @param scaleVariants the variants of the scalability runs (Figures 4.4 and 4.5)
 * @param topUp     the time a run may spend on more forks where a claim of Figures 4.1–4.5 is left inconclusive
 *                  (FigureRuns.topUp: its engines' deciding points once more, as many forks again)
 */
public record ThesisPlan(String name, Plan.Jmh jmh, Plan.Jmh table, Plan.Jmh tableOnLink, Plan.Jmh slowLink, List<String> engines, List<Integer> requests,
                         List<Link> links, List<Integer> servers, List<Integer> connections, List<Variant> scaleVariants,
                         java.time.Duration topUp) {

    /**
     * A link of Figures 4.1–4.3: the lab's {@link lab.link.Link} of that name (the same words as
     * {@code LINK=}), with the thesis' measured round trip, emulated by Toxiproxy ({@link ThesisLink});
     * {@code oneWayMicros} is its nominal one-way delay, kept to label results written before the
     * link parameter existed.
     */
    public record Link(lab.link.Link link, String title, double thesisRttMs, long oneWayMicros) {

        public String id() {
            return link.name();
        }

        /** Its figure, "Figure 4.2", as the claims of that figure name their source. */
        public String figure() {
            return figureOf(title);
        }
    }

    /** The figure a section title names, "Figure 4.4" of "Figure 4.4: horizontal scalability". */
    public static String figureOf(String title) {
        return title.substring(0, Math.max(0, title.indexOf(':')));
    }

    public static final List<Link> LINKS = List.of(
            new Link(lab.link.Link.LOOPBACK, "Figure 4.1: loopback (thesis: 0.046 ms ping)", 0.046, 0),
            new Link(lab.link.Link.LAN, "Figure 4.2: emulated gigabit Ethernet, 0.19 ms round trip", 0.19, 95),
            new Link(lab.link.Link.WAN, "Figure 4.3: emulated Internet link (wan), 78 ms round trip", 78, 39_000));

    public static final String LOOPBACK = "loopback";
    /** Table 4.1 is measured on loopback and over the emulated 0.19 ms link (thesis: 1 GbE). */
    public static final List<String> TABLE_LINKS = List.of(LOOPBACK, "lan");

    public static final int BASE_PORT = 5441;

    /** The link of that {@code LINK=} name; "internet", its name in results written before, reads as wan. */
    public static Link link(String id) {
        String name = "internet".equals(id) ? lab.link.Link.WAN.name() : id;
        return LINKS.stream().filter(l -> l.id().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown link " + id + "; known: loopback, lan, wan"));
    }

    private static final Plan.Jmh TABLE_QUICK = new Plan.Jmh(3, 7, 1_000, 8, 500);
    private static final Plan.Jmh TABLE_SMOKE = new Plan.Jmh(1, 3, 1_000, 8, 300);
    private static final Plan.Jmh TABLE_FULL = new Plan.Jmh(3, 7, 1_000, 10, 1_000);
    /** Table 4.1's forks over the emulated link ({@code tableOnLink}). */
    private static final int LINK_FORKS = 5;
    /**
     * The lan link's extra deciding point: Figure 4.2's "significant after just two requests"
     * (MicroClaims.significantAtTwo); every link's other is its most requests ("about N×").
     */
    static final int SIGNIFICANT_AT = 2;

    /**
     * 5 forks at the deciding points: the interval of a ratio of two fork means' sets is about half as
     * wide as with 3 (Welch's t at 8 degrees of freedom instead of 4, and √(3/5) of the standard error);
     * in about the time 3 forks at every point took, the curves' other points and the JDBC line at one fork.
     */
    public static ThesisPlan quick() {
        return new ThesisPlan("quick", new Plan.Jmh(5, 1, 300, 2, 300), TABLE_QUICK, TABLE_QUICK.withForks(LINK_FORKS),
                new Plan.Jmh(5, 1, 1_000, 1, 1_000),
                List.of("MYSQL", "POSTGRESQL"), List.of(1, 2, 25), LINKS, List.of(1, 2, 4, 8), List.of(1, 50, 200),
                List.of(Variant.THREADPOOL_FAIR, Variant.NONBLOCKING_PIPELINED), java.time.Duration.ofMinutes(10));
    }

    /**
     * The fewest points each figure and claim needs (2 and 25 requests, 1 and 4 servers, three
     * connection counts), each claim's at 3 forks (the fewest that give an interval of the fork
     * means: with 1, only the 99.9 % errors' range, wide enough that nearly no claim was settled);
     * Table 4.1 at one fork of 8 iterations: a try-out of the whole chapter in about 13 minutes.
     */
    public static ThesisPlan smoke() {
        return new ThesisPlan("smoke", new Plan.Jmh(3, 1, 200, 3, 200), TABLE_SMOKE, TABLE_SMOKE,
                new Plan.Jmh(3, 1, 1_000, 1, 1_000),
                List.of("MYSQL", "POSTGRESQL"), List.of(2, 25), LINKS, List.of(1, 4), List.of(1, 50, 200),
                List.of(Variant.THREADPOOL_FAIR, Variant.NONBLOCKING_PIPELINED), java.time.Duration.ofMinutes(3));
    }

    /**
     * The settings of a point no claim is decided on: one fork of {@code deciding}'s warm-up and
     * iteration length with twice its measured iterations (at least 4), enough for a line and its error.
     */
    public static Plan.Jmh curve(Plan.Jmh deciding) {
        return new Plan.Jmh(1, deciding.warmupIterations(), deciding.warmupMillis(), Math.max(4, 2 * deciding.iterations()),
                deciding.iterationMillis());
    }

    /** The request counts of Figures 4.1–4.3 a claim is decided on over {@code link}: the most, and on lan also 2. */
    public List<Integer> decidingRequests(String link) {
        int most = requests.stream().mapToInt(Integer::intValue).max().orElseThrow();
        return requests.stream().filter(r -> r == most || (r == SIGNIFICANT_AT && lab.link.Link.LAN.name().equals(link))).toList();
    }

    /** The server counts of Figure 4.4 its claim is decided on: the first and the last. */
    public List<Integer> decidingServers() {
        return servers.stream().filter(n -> n.equals(servers.getFirst()) || n.equals(servers.getLast())).toList();
    }

    public static ThesisPlan full() {
        return new ThesisPlan("full", new Plan.Jmh(3, 3, 1_000, 5, 1_000), TABLE_FULL, TABLE_FULL.withForks(LINK_FORKS),
                new Plan.Jmh(3, 1, 3_000, 2, 3_000),
                List.of("MYSQL", "POSTGRESQL"), List.of(1, 2, 5, 10, 15, 20, 25), LINKS, List.of(1, 2, 3, 4, 5, 6, 7, 8),
                List.of(1, 10, 50, 100, 200, 300, 400, 500), List.of(Variant.JDBC, Variant.THREADPOOL,
                        Variant.THREADPOOL_FAIR, Variant.NONBLOCKING_PIPELINED, Variant.VIRTUAL), java.time.Duration.ofMinutes(30));
    }
}
