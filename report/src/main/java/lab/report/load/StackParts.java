package lab.report.load;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import lab.report.Spread;
import lab.report.verdict.LoadClaims;
import lab.report.verdict.Pairwise;
import lab.report.verdict.Verdict;

/**
 * What the web server and the database driver each contribute, from instances that differ in one
 * of the two only: WebFlux against Spring MVC on the same Vert.x client ({@code webflux-vertx} ÷
 * {@code reactive}), R2DBC against Vert.x on the same WebFlux server ({@code webflux} ÷
 * {@code webflux-vertx}), and on the shop's Netty server ({@code r2dbc} ÷ {@code nonblocking}).
 * A map cell shows the pairs it has both sides of, by the same rule as every other pair.
 */
final class StackParts {

    /** {@code first} ÷ {@code second}, which differ only in {@code part}; the rest they share is {@code on}. */
    record Pair(String part, String first, String firstName, String second, String secondName, String on) {
    }

    static final List<Pair> PAIRS = List.of(
            new Pair("server", "webflux-vertx", "WebFlux", "reactive", "MVC", "Vert.x"),
            new Pair("driver", "webflux", "R2DBC", "webflux-vertx", "Vert.x", "WebFlux"),
            new Pair("driver", "r2dbc", "R2DBC", "nonblocking", "Vert.x", "Netty"));

    private StackParts() {
    }

    /**
     * "server (on Vert.x): WebFlux ÷ MVC 1.12× (1.05–1.20), WebFlux ahead · driver (on WebFlux): …",
     * or null where the cell has neither pair.
     */
    static String of(Map<String, Verdict.Candidate> candidates, Verdict.Better better) {
        List<String> parts = new ArrayList<>();
        for (Pair p : PAIRS) {
            Verdict.Candidate a = candidates.get(p.first());
            Verdict.Candidate b = candidates.get(p.second());
            if (a == null || b == null || a.isLoss() || b.isLoss()) {
                continue;
            }
            Pairwise.Comparison c = Pairwise.compare(p.first(), a, p.second(), b, better);
            Spread r = c.ratio();
            String ratio = r == null || Double.isNaN(r.median()) ? "" : " " + LoadClaims.ratioText(r);
            String outcome = switch (c.outcome()) {
                case FIRST -> p.firstName() + " ahead";
                case SECOND -> p.secondName() + " ahead";
                case TIE -> "no difference the rule can tell";
                case UNDECIDED -> "undecided: " + c.why();
            };
            parts.add(p.part() + " (on " + p.on() + "): " + p.firstName() + " ÷ " + p.secondName() + ratio + ", " + outcome);
        }
        return parts.isEmpty() ? null : String.join(" · ", parts);
    }
}
