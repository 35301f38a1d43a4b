package lab.microbench.thesis;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Stream;

import lab.microbench.Experiment;
import lab.microbench.pages.Section;
import lab.microbench.pages.Meta;
import lab.report.results.JmhScore;
import lab.report.results.Results;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.Claim;
import lab.report.verdict.LoadClaims;
import lab.report.verdict.MicroClaims;
import lab.report.verdict.Smoke;
import lab.report.verdict.ThesisClaims;

/** A thesis run's result files in {@code dir}, read: each experiment's scores and what its meta recorded of the links. */
record ThesisResults(Path dir) {

    /** Every claim thesis.html judges, micro (from these files) then load, in the page's order. */
    List<Claim> claims(Optional<Results> load) throws IOException {
        return judge(tableScores(), pipeliningScores(), load).all();
    }

    /** The page's claims: Table 4.1's and Figures 4.1-4.5's (micro), and those of 4.2-4.3 (load). */
    record Judged(List<Claim> micro, List<Claim> load) {

        /** Micro then load, in the page's order. */
        List<Claim> all() {
            List<Claim> all = new ArrayList<>(micro);
            all.addAll(load);
            return all;
        }
    }

    /** Every claim, on these files' scores ({@code table} and {@code pipelining} read already) and the load run. */
    Judged judge(Map<String, List<JmhScore>> table, Map<String, List<JmhScore>> pipelining, Optional<Results> load) {
        List<Claim> micro = ThesisClaims.micro(table, pipelining, scoresOf(Experiment.HORIZONTAL), scoresOf(Experiment.VERTICAL),
                new MicroClaims.Links(measuredRtts(), calibratedAdded())).claims();
        return new Judged(micro.stream().map(c -> smoke(experimentOf(c)) ? Smoke.undecided(c) : c).toList(), loadClaims(load));
    }

    /** The figures each thesis experiment's claims name as their source (MicroClaims.about). */
    private static final Map<Experiment, List<String>> FIGURES = Map.of(Experiment.TABLE, List.of("Table 4.1"),
            Experiment.PIPELINING, List.of("Figure 4.1", "Figure 4.2", "Figure 4.3"), Experiment.HORIZONTAL, List.of("Figure 4.4"),
            Experiment.VERTICAL, List.of("Figure 4.5"));

    /** The experiment whose scores a micro claim is judged on (null: none of them). */
    static Experiment experimentOf(Claim c) {
        return FIGURES.entrySet().stream().filter(e -> e.getValue().stream().anyMatch(f -> MicroClaims.about(c, f, null)))
                .map(Map.Entry::getKey).findFirst().orElse(null);
    }

    /** Whether {@code e} ran with the smoke plan, which decides nothing (Smoke), as its meta records. */
    private boolean smoke(Experiment e) {
        return e != null && meta(e).map(m -> Smoke.is(m.mode())).orElse(false);
    }

    /** The load claims of 4.2-4.3; none on a smoke run, which decides nothing (two short repetitions): its figures are drawn. */
    static List<Claim> loadClaims(Optional<Results> load) {
        return load.filter(r -> !Smoke.is(r.run().profile()))
                .map(r -> ThesisClaims.load(AppVerdict.of(r), LoadClaims.RunLink.of(r.run())).claims()).orElse(List.of());
    }

    /**
     * Link id → engine → what the link adds to a query as calibrated before the engine's forks and checked
     * after them (the check's figure where there is one): what "the thesis' link" is judged on (JudgedLink).
     */
    Map<String, Map<String, Double>> calibratedAdded() {
        return perLinkAndEngine(ThesisExperiments.CALIBRATION,
                c -> c instanceof Map<?, ?> m ? (m.get("addedAfterMs") != null ? m.get("addedAfterMs") : m.get("addedMs")) : null);
    }

    /** Link id → engine → round trip measured by the table and pipelining runs. */
    Map<String, Map<String, Double>> measuredRtts() {
        return perLinkAndEngine(ThesisExperiments.MEASURED_RTT, ms -> ms);
    }

    /**
     * A meta parameter of the table and pipelining runs shaped link id → engine → entry, each entry read
     * as a number by {@code figure} (the pipelining run's where both have one; entries that are none left out).
     */
    private Map<String, Map<String, Double>> perLinkAndEngine(String parameter, Function<Object, Object> figure) {
        Map<String, Map<String, Double>> out = new LinkedHashMap<>();
        for (Experiment e : List.of(Experiment.TABLE, Experiment.PIPELINING)) {
            Section.meta(dir, e.file).map(m -> m.parameters().get(parameter)).ifPresent(v -> {
                if (v instanceof Map<?, ?> links) {
                    links.forEach((link, engines) -> {
                        if (engines instanceof Map<?, ?> byEngine) {
                            byEngine.forEach((engine, entry) -> {
                                if (figure.apply(entry) instanceof Number n) {
                                    out.computeIfAbsent(String.valueOf(link), k -> new LinkedHashMap<>()).put(String.valueOf(engine), n.doubleValue());
                                }
                            });
                        }
                    });
                }
            });
        }
        return out;
    }

    Optional<Meta> meta(Experiment e) {
        return Section.meta(dir, e.file);
    }

    /** Every score of a one-file experiment (Figures 4.4, 4.5); empty when not run, skipped or failed. */
    List<JmhScore> scoresOf(Experiment e) {
        return meta(e).filter(m -> !m.files().isEmpty()).map(m -> JmhScore.read(dir.resolve(m.files().get(0)))).orElse(List.of());
    }

    /**
     * Table 4.1 by link: every file its meta lists and any other thesis-table41-*.json beside it (a
     * run over an emulated link may write its own), each score's link taken from its JMH parameter
     * {@code link}, else from {@code oneWayMicros} (see {@link #linkOf}).
     */
    Map<String, List<JmhScore>> tableScores() throws IOException {
        Set<String> files = new LinkedHashSet<>();
        meta(Experiment.TABLE).ifPresent(m -> files.addAll(m.files()));
        try (Stream<Path> list = Files.list(dir)) {
            list.map(p -> p.getFileName().toString())
                    .filter(n -> n.startsWith(Experiment.TABLE.file + "-") && n.endsWith(".json") && !n.endsWith(".meta.json"))
                    .sorted().forEach(files::add);
        }
        Map<String, List<JmhScore>> byLink = new LinkedHashMap<>();
        for (String f : files) {
            JmhScore.read(dir.resolve(f)).forEach(s -> byLink.computeIfAbsent(linkOf(s), k -> new ArrayList<>()).add(s));
        }
        return byLink;
    }

    Map<String, List<JmhScore>> pipeliningScores() {
        Map<String, List<JmhScore>> byLink = new LinkedHashMap<>();
        for (ThesisPlan.Link link : ThesisPlan.LINKS) {
            List<JmhScore> scores = JmhScore.read(dir.resolve(Experiment.PIPELINING.file + "-" + link.id() + ".json"));
            if (scores.isEmpty() && link.link() == lab.link.Link.WAN) { // written before the link was called wan
                scores = JmhScore.read(dir.resolve(Experiment.PIPELINING.file + "-internet.json"));
            }
            if (!scores.isEmpty()) {
                byLink.put(link.id(), scores);
            }
        }
        return byLink;
    }

    /** A score's link id: its {@code link} parameter, else the thesis link with its one-way delay, else "N µs one way". */
    static String linkOf(JmhScore s) {
        if (!s.param("link").isEmpty()) {
            String id = s.param("link");
            return ThesisPlan.LINKS.stream().anyMatch(l -> l.id().equals(id)) || id.equals("internet") ? ThesisPlan.link(id).id() : id;
        }
        String micros = s.param("oneWayMicros");
        if (micros.isEmpty()) {
            return "loopback";
        }
        return ThesisPlan.LINKS.stream().filter(l -> String.valueOf(l.oneWayMicros()).equals(micros)).map(ThesisPlan.Link::id)
                .findFirst().orElse(micros + " µs one way");
    }
}
