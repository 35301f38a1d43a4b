package lab.report.load;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import lab.report.results.Results;
import lab.report.verdict.AppVerdict;
import lab.report.verdict.LoadClaims;
import lab.report.verdict.Smoke;
import lab.report.verdict.ThesisClaims;

/** The model of verdict.ftlh for one run: "verdicts" (per app, rows by scenario) and "claims". */
public final class VerdictView {

    private VerdictView() {
    }

    public static Map<String, Object> model(Results r) {
        List<AppVerdict> verdicts = AppVerdict.of(r);
        List<Map<String, Object>> apps = new ArrayList<>();
        for (AppVerdict v : verdicts) {
            Set<String> modes = new LinkedHashSet<>();
            List<Map<String, Object>> rows = new ArrayList<>();
            for (AppVerdict.Row row : v.rows()) {
                Map<String, AppVerdict.ModeCell> cells = new LinkedHashMap<>();
                row.modes().forEach(c -> {
                    modes.add(c.mode());
                    cells.put(c.mode(), c);
                });
                Map<String, Object> m = new LinkedHashMap<>(Map.of("label", row.label(), "summary", row.summary(),
                        "verdict", row.verdict(), "cells", cells));
                if (row.ceiling() != null) {
                    m.put("ceiling", String.format(java.util.Locale.ROOT, "%.0f (%.0f–%.0f)", row.ceiling().median(),
                            row.ceiling().min(), row.ceiling().max()));
                }
                rows.add(m);
            }
            apps.add(Map.of("app", v.app(), "tool", v.tool(), "modes", List.copyOf(modes), "rows", rows,
                    "crossover", Crossover.of(v), "hasCeiling", v.rows().stream().anyMatch(x -> x.ceiling() != null)));
        }
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("minRepetitions", lab.report.verdict.Pairwise.MIN_REPETITIONS);
        model.put("minEffectPct", Math.round((lab.report.verdict.Pairwise.MIN_EFFECT - 1) * 100));
        model.put("levelPct", Math.round(lab.report.verdict.Pairwise.LEVEL * 100));
        if (Smoke.is(r.run().profile())) {
            model.put("decidesNothing", "PROFILE=smoke decides nothing: it checks that every instance answers under "
                    + "load, with two short repetitions per point — too few for any verdict or claim.");
        }
        model.put("verdicts", apps);
        model.put("maps", AnswerMap.of(r));
        HostSpeed speed = HostSpeed.of(r);
        if (speed != null) {
            model.put("hostSpeed", speed.sentence());
        }
        // a smoke run decides nothing: no claim is judged on it
        model.put("claims", Smoke.is(r.run().profile()) ? List.of() : ThesisClaims.load(verdicts, LoadClaims.RunLink.of(r.run())).claims());
        return model;
    }
}
