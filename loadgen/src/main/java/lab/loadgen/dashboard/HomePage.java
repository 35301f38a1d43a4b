package lab.loadgen.dashboard;

import java.net.URI;
import java.net.http.HttpClient;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Pattern;

import lab.loadgen.config.HostResolver;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.live.FocusState;
import lab.loadgen.metrics.HealthCheck;
import lab.loadgen.pages.Templates;
import lab.report.load.VerdictView;
import lab.report.results.ResultsJson;

/** The dashboard home: instances with live health (checked now, in parallel), their links, the runs. */
final class HomePage {

    /** The thesis reproduced (make thesis: microbench's page over the micro results and a PROFILE=thesis run), under results/. */
    static final String THESIS_PAGE = "micro/thesis.html";
    private static final Duration HEALTH_TIMEOUT = Duration.ofMillis(1500);
    private static final Pattern SAFE_HOST = Pattern.compile("[A-Za-z0-9.\\-]+|\\[[0-9A-Fa-f:.]+]");

    private final InstancesConf conf;
    private final HostResolver hosts;
    private final Path resultsDir;
    private final HttpClient http = HealthCheck.client();

    HomePage(InstancesConf conf, HostResolver hosts, Path resultsDir) {
        this.conf = conf;
        this.hosts = hosts;
        this.resultsDir = resultsDir;
    }

    String render(String hostHeader) throws InterruptedException {
        String browserHost = browserHost(hostHeader);
        Map<String, Object> model = new LinkedHashMap<>();
        model.put("instances", statuses(browserHost));
        model.put("link", LinkPanel.read(conf.loadTargets(), hosts, http)); // the link in force, its measured RTT
        List<RunIndex.Entry> runs = RunIndex.list(resultsDir);
        model.put("runs", runs);
        // the run being written (one load test at a time), by id for its row
        var liveRun = LiveRuns.running(resultsDir);
        model.put("live", liveRun.map(st -> Map.of(st.run(), st)).orElse(Map.of()));
        liveRun.ifPresent(st -> model.put("liveRun", st));
        warmup(model);
        latestVerdict(runs, model);
        model.put("micro", Files.isRegularFile(resultsDir.resolve("micro").resolve("index.html")));
        model.put("thesis", Files.isRegularFile(resultsDir.resolve(THESIS_PAGE)));
        model.put("thesisPage", THESIS_PAGE);
        model.put("resultsDir", resultsDir.toAbsolutePath().toString());
        model.put("instancesFile", conf.file().toString());
        model.put("now", OffsetDateTime.now(ZoneOffset.UTC).withNano(0).toString());
        return Templates.render("dashboard.ftlh", model);
    }

    /** A warm-up silent this long was stopped (make down, a kill): its windows write every few seconds. */
    static final long WARMUP_SILENT_MS = 60_000;

    /**
     * make up's warm-up, which runs in the background (model keys: warmup, a sentence while it runs;
     * warmed, per instance how its warm-up went or goes).
     */
    private void warmup(Map<String, Object> model) {
        lab.loadgen.live.WarmupState w = lab.loadgen.live.WarmupState.read(resultsDir).orElse(null);
        if (w == null) {
            return;
        }
        boolean stopped = !w.done() && (System.currentTimeMillis() - w.updatedMs() > WARMUP_SILENT_MS
                || w.instances().stream().anyMatch(i -> i.state().equals("stopped")));
        Map<String, String> warmed = new LinkedHashMap<>();
        for (var i : w.instances()) {
            warmed.put(i.name(), switch (i.state()) {
                case "warming", "stopped" -> stopped ? "warm-up stopped" : String.format(java.util.Locale.ROOT, "warming up (%.0f s%s)",
                        i.seconds(), i.goodput() == null ? "" : ", " + lab.report.Fmt.num(i.goodput()) + "/s");
                case "steady" -> String.format(java.util.Locale.ROOT, "warm: steady after %.0f s", i.seconds());
                case "not steady" -> String.format(java.util.Locale.ROOT, "not steady after %.0f s (its cap)", i.seconds());
                default -> "warm-up: " + i.state();
            });
        }
        model.put("warmed", warmed);
        if (!w.done() && !stopped) {
            long done = w.instances().stream().filter(i -> !i.state().equals("warming")).count();
            model.put("warmup", String.format(java.util.Locale.ROOT, "make up's warm-up runs in the background: %d of %d "
                    + "instances done; each page answers meanwhile; make loadtest stops it and warms each instance it measures itself, alone.", done, w.planned()));
        } else if (stopped) {
            model.put("warmup", "make up's warm-up stopped before it had warmed every instance: the first load test warms them longer.");
        }
    }

    /** The verdict of the newest run with points (model keys: latestRun, verdicts, claims). */
    private void latestVerdict(List<RunIndex.Entry> runs, Map<String, Object> model) {
        for (RunIndex.Entry e : runs) {
            if (e.comparison() || e.problem() != null || e.points() == 0) {
                continue;
            }
            try {
                model.putAll(VerdictView.model(ResultsJson.read(resultsDir.resolve(e.id()).resolve(ResultsJson.FILE_NAME))));
                model.put("latestRun", e.id());
            } catch (RuntimeException ex) {
                model.put("latestRunProblem", e.id() + ": " + ex.getMessage());
            }
            return;
        }
    }

    private List<InstanceStatus> statuses(String browserHost) throws InterruptedException {
        List<Instance> targets = conf.loadTargets();
        List<InstanceStatus> out = new ArrayList<>();
        String alone = FocusState.read(resultsDir).map(FocusState::alone).orElse(null);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<HealthCheck.Status>> checks = new ArrayList<>();
            for (Instance i : targets) {
                URI uri = URI.create(hosts.baseUrl(i) + i.healthPath());
                checks.add(frozen(i, alone) ? null : pool.submit(() -> HealthCheck.check(http, uri, HEALTH_TIMEOUT)));
            }
            for (int k = 0; k < targets.size(); k++) {
                Instance i = targets.get(k);
                boolean frozen = checks.get(k) == null;
                HealthCheck.Status s = frozen
                        ? new HealthCheck.Status(false, "while the load test measures " + alone + " alone (make thaw)")
                        : get(checks.get(k));
                String browserBase = "http://" + browserHost + ":" + i.port();
                out.add(new InstanceStatus(i, s.up(), frozen, s.detail(), browserBase + i.page(),
                        browserBase + i.metricsPath(), browserBase + i.healthPath(), hosts.baseUrl(i) + i.healthPath()));
            }
        }
        return out;
    }

    /** Frozen by the load test: another instance runs alone (the dashboard never is). */
    private static boolean frozen(Instance i, String alone) {
        return alone != null && !i.name().equals(alone) && !i.app().equals("dashboard");
    }

    private static HealthCheck.Status get(Future<HealthCheck.Status> f) throws InterruptedException {
        try {
            return f.get();
        } catch (java.util.concurrent.ExecutionException e) {
            return new HealthCheck.Status(false, String.valueOf(e.getCause()));
        }
    }

    /** The host name the browser used (from the Host header), for links; "localhost" when absent or odd. */
    static String browserHost(String hostHeader) {
        if (hostHeader == null || hostHeader.isBlank()) {
            return "localhost";
        }
        String h = hostHeader.strip();
        int colon = h.startsWith("[") ? h.indexOf("]:") + 1 : h.lastIndexOf(':');
        if (colon > 0) {
            h = h.substring(0, colon);
        }
        return SAFE_HOST.matcher(h).matches() ? h : "localhost";
    }
}
