package lab.seed;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.LongConsumer;
import lab.access.SourceUrl;
import lab.data.Scale;
import lab.data.Sources;
import lab.seed.load.DatasetLoader;
import lab.seed.load.DatasetLoader.Result;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Seeds or verifies several datasets at once: one worker per database server (so MySQL and
 * PostgreSQL load in parallel), datasets on the same server one after another.
 */
public final class Seeder {

    /** The fixed random seed: the same scale gives the same rows everywhere. */
    public static final long DEFAULT_SEED = 20_100_401L;

    public record Target(Dataset dataset, SourceUrl url) {
    }

    private final Scale scale;
    private final long seed;

    public Seeder(Scale scale, long seed) {
        this.scale = scale;
        this.seed = seed;
    }

    /** Every (dataset, source URL) pair selected, URLs from the env vars of docs/DESIGN.md. */
    public static List<Target> targets(Collection<Dataset> datasets, Collection<SourceUrl.Engine> engines, Map<String, String> env) {
        List<Target> targets = new ArrayList<>();
        for (Dataset dataset : datasets) {
            for (Sources source : dataset.sources) {
                SourceUrl url = SourceUrl.parse(source.url(env));
                if (engines.contains(url.engine())) {
                    targets.add(new Target(dataset, url));
                }
            }
        }
        return targets;
    }

    /** Loads every target (skipping those already seeded at this scale), showing one progress bar. */
    public List<Result> seed(List<Target> targets, boolean force, PrintStream progressOut) {
        long total = targets.stream().mapToLong(t -> t.dataset().entities(scale) * t.dataset().tables.size()).sum();
        try (ProgressBar bar = new ProgressBarBuilder()
                .setTaskName("seed " + scale.id())
                .setInitialMax(total)
                .setUnit(" rows", 1)
                .showSpeed()
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(500)
                .setConsumer(new me.tongfei.progressbar.DelegatingProgressBarConsumer(progressOut::println))
                .build()) {
            LongConsumer progress = bar::stepBy;
            return perServer(targets, (target, generators) ->
                    List.of(new DatasetLoader(target.dataset(), target.url(), scale, seed).seed(force, generators, progress)))
                    .stream().flatMap(List::stream).toList();
        }
    }

    /**
     * For tests of every module: a fresh database {@code bench_<name>} next to {@code server},
     * loaded with one dataset at this scale. Returns its URL.
     */
    public SourceUrl seedFreshDatabase(Dataset dataset, SourceUrl server, String name) {
        SourceUrl url = server.withDatabase("bench_" + name);
        lab.seed.load.Databases.recreate(url);
        ExecutorService generators = Executors.newFixedThreadPool(2);
        try {
            new DatasetLoader(dataset, url, scale, seed).seed(true, generators, rows -> { });
        } finally {
            generators.shutdownNow();
        }
        return url;
    }

    /** Checks counts and checksums of every target; returns the problems (empty when all is well). */
    public List<String> verify(List<Target> targets) {
        return perServer(targets, (target, generators) ->
                new DatasetLoader(target.dataset(), target.url(), scale, seed).verify(generators))
                .stream().flatMap(List::stream).toList();
    }

    private interface Job<T> {
        T run(Target target, ExecutorService generators);
    }

    private static <T> List<T> perServer(List<Target> targets, Job<T> job) {
        Map<String, List<Target>> byServer = new LinkedHashMap<>();
        for (Target t : targets) {
            byServer.computeIfAbsent(t.url().engine() + "@" + t.url().host() + ":" + t.url().port(), k -> new ArrayList<>()).add(t);
        }
        ExecutorService workers = Executors.newFixedThreadPool(Math.max(1, byServer.size()));
        ExecutorService generators = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()));
        try {
            List<CompletableFuture<List<T>>> perServer = new ArrayList<>();
            for (List<Target> serverTargets : byServer.values()) {
                perServer.add(CompletableFuture.supplyAsync(() -> {
                    List<T> results = new ArrayList<>();
                    for (Target t : serverTargets) {
                        results.add(job.run(t, generators));
                    }
                    return results;
                }, workers));
            }
            List<T> all = new ArrayList<>();
            for (CompletableFuture<List<T>> f : perServer) {
                all.addAll(f.join());
            }
            return all;
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } finally {
            workers.shutdownNow();
            generators.shutdownNow();
        }
    }
}
