package lab.seed;

import java.io.PrintStream;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.seed.load.DatasetLoader.Result;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code make seed} / {@code make seed-verify}: fills the lab's databases, or checks them. */
@Command(name = "db-seed", mixinStandardHelpOptions = true, sortOptions = false, subcommands = ServersCommand.class,
        description = {"Creates the schemas and loads deterministic data into the lab's databases.",
                "Sources come from CONTACTS_MYSQL_URL, CONTACTS_PG_URL, LOGS_MYSQL_URL, LOGS_PG_URL, SHOP_DB_URL."})
public final class SeedCommand implements Callable<Integer> {

    @Option(names = "--scale", defaultValue = "thesis", paramLabel = "tiny|small|thesis",
            description = "Rows per source (docs/DESIGN.md). Default: ${DEFAULT-VALUE}.")
    String scale;

    @Option(names = "--dataset", split = ",", defaultValue = "all", paramLabel = "all|contacts|logs|shop",
            description = "Datasets to load, comma separated. Default: ${DEFAULT-VALUE}.")
    List<String> datasets;

    @Option(names = "--engine", split = ",", defaultValue = "all", paramLabel = "all|mysql|postgresql",
            description = "Engines to load. Default: ${DEFAULT-VALUE}.")
    List<String> engines;

    @Option(names = "--verify", description = "Check row counts and checksums instead of loading; exit 1 on mismatch.")
    boolean verify;

    @Option(names = "--force", description = "Reload even when the same scale is already seeded.")
    boolean force;

    @Option(names = "--seed", hidden = true, defaultValue = "" + Seeder.DEFAULT_SEED)
    long seed;

    private final PrintStream out = System.out;

    public static void main(String[] args) {
        System.exit(run(args));
    }

    /** Runs the command; returns 0, 1 (a failure or mismatch) or 2 (bad input). */
    public static int run(String... args) {
        CommandLine cmd = new CommandLine(new SeedCommand());
        cmd.setParameterExceptionHandler((e, a) -> {
            System.err.println("db-seed: " + e.getMessage() + " (see --help)");
            return 2;
        });
        cmd.setExecutionExceptionHandler((e, c, p) -> {
            if (e instanceof SeedException s) {
                System.err.println("db-seed: error: " + s.getMessage());
                return s.exitCode;
            }
            if (e instanceof IllegalArgumentException) {
                System.err.println("db-seed: " + e.getMessage());
                return 2;
            }
            System.err.println("db-seed: unexpected " + e);
            return 1;
        });
        return cmd.execute(args);
    }

    @Override
    public Integer call() {
        Scale chosenScale = parse(Scale.class, "--scale", scale);
        EnumSet<Dataset> chosenDatasets = parseAll(Dataset.class, "--dataset", datasets);
        EnumSet<SourceUrl.Engine> chosenEngines = parseAll(SourceUrl.Engine.class, "--engine", engines);
        List<Seeder.Target> targets = Seeder.targets(chosenDatasets, chosenEngines, System.getenv());
        if (targets.isEmpty()) {
            throw new SeedException("nothing selected: no source of " + chosenDatasets + " is on " + chosenEngines, 2);
        }
        Seeder seeder = new Seeder(chosenScale, seed);
        if (verify) {
            List<String> problems = seeder.verify(targets);
            targets.forEach(t -> out.printf("verify %-8s %-10s %s%n", t.dataset().id, t.url().engine().scheme, t.url().address()));
            if (!problems.isEmpty()) {
                problems.forEach(p -> System.err.println("db-seed: MISMATCH " + p));
                return 1;
            }
            out.println("db-seed: all " + targets.size() + " sources match scale " + chosenScale.id() + " (row counts and checksums)");
            return 0;
        }
        long start = System.nanoTime();
        List<Result> results = seeder.seed(targets, force, System.err);
        report(results, (System.nanoTime() - start) / 1e9);
        return 0;
    }

    private void report(List<Result> results, double totalSeconds) {
        out.printf("%-8s %-10s %-28s %-14s %12s %8s %12s%n", "dataset", "engine", "database", "outcome", "rows", "seconds", "rows/s");
        for (Result r : results) {
            boolean loaded = r.outcome() == lab.seed.load.DatasetLoader.Outcome.LOADED;
            out.printf("%-8s %-10s %-28s %-14s %,12d %8.1f %12s%n", r.dataset().id, r.url().engine().scheme, r.url().address(),
                    switch (r.outcome()) {
                        case LOADED -> "loaded";
                        case ALREADY_SEEDED -> "already seeded";
                        case UPGRADED -> "upgraded";
                    }, r.rows(), r.seconds(),
                    loaded ? String.format("%,.0f", r.rows() / Math.max(r.seconds(), 1e-9)) : "-");
        }
        out.printf("db-seed: done in %.1f s%n", totalSeconds);
    }

    private static <E extends Enum<E>> E parse(Class<E> type, String option, String value) {
        for (E e : type.getEnumConstants()) {
            if (e.name().equalsIgnoreCase(value.trim())) {
                return e;
            }
        }
        String valid = Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).collect(Collectors.joining(", "));
        throw new SeedException("unknown " + option.substring(2) + " '" + value + "'; accepted: " + valid, 2);
    }

    private static <E extends Enum<E>> EnumSet<E> parseAll(Class<E> type, String option, List<String> values) {
        if (values.stream().anyMatch(v -> v.equalsIgnoreCase("all"))) {
            return EnumSet.allOf(type);
        }
        EnumSet<E> set = EnumSet.noneOf(type);
        values.forEach(v -> set.add(parse(type, option, v)));
        return set;
    }
}
