package lab.microbench.experiment;

import java.util.List;

/** Seed 004's two parts as written to pools-validation.json. */
public record ValidationResults(List<ValidationExperiment.Cost> costs, List<KillExperiment.Result> kills) {
}
