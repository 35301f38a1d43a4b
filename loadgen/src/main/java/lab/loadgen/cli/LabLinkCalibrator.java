package lab.loadgen.cli;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import lab.access.AddedLatency;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.DbClients;
import lab.access.DbSession;
import lab.access.ForkJoin;
import lab.access.Mode;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.link.IdleCores;
import lab.link.LabLink;
import lab.link.LabProxy;
import lab.link.Link;
import lab.link.LinkCalibration;
import lab.link.LinkProxy;

/**
 * Calibrates a lab proxy to a link below a millisecond (lan) as Table 4.1 sees a link: 50
 * {@code SELECT 1} on one jdbc connection to the proxy's source, timed directly and through the
 * proxy in turn (lab.access.AddedLatency, lab.link.LinkCalibration). Prints what it set and saw.
 * Idle cores poll while it measures (lab.link.IdleCores), as in the sweep and microbench that use the link.
 */
record LabLinkCalibrator(Map<String, String> env) implements LabLink.Calibrator {

    private static final int QUERIES = 50;
    private static final Duration TIMEOUT = Duration.ofSeconds(30);

    @Override
    public LinkCalibration.Result calibrate(LinkProxy proxy, Link link) {
        String sourceId = LabProxy.sourceOf(proxy.name());
        Sources source = Arrays.stream(Sources.values()).filter(s -> s.id().equals(sourceId)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("proxy " + proxy.name() + " leads to no known source"));
        SourceUrl url = SourceUrl.parse(source.url(env));
        ClientOptions options = ClientOptions.defaults().withPoolSize(1).withQueryTimeout(TIMEOUT);
        try (IdleCores idle = IdleCores.poll();
             DbClient direct = DbClients.create(url, Mode.JDBC, options);
             DbClient via = DbClients.create(url.at(proxy.host(), proxy.port()), Mode.JDBC, options)) {
            LinkCalibration.Result r = LinkCalibration.calibrate(proxy, link,
                    () -> AddedLatency.perQueryMs(direct, via, LabLinkCalibrator::loop, QUERIES, LinkCalibration.PROBE_ROUNDS));
            System.out.printf("link %s to %s (%s): toxic %.3f ms on replies, bare hop %+.3f ms, link %+.3f ms per query over loopback%s%n",
                    link.name(), proxy.upstream(), sourceId, r.toxicMs(), r.hopMs(), r.addedMs(),
                    r.within(LinkCalibration.TOLERANCE_MS) ? "" : " (off by more than " + LinkCalibration.TOLERANCE_MS + " ms: a busy machine)");
            return r;
        }
    }

    private static void loop(DbClient client) {
        List<CompletionStage<Rows>> calls = new ArrayList<>(QUERIES);
        try (DbSession session = client.openSession()) {
            for (int i = 0; i < QUERIES; i++) {
                calls.add(session.query("SELECT 1", List.of()));
            }
            ForkJoin.join(ForkJoin.all(calls), TIMEOUT);
        }
    }
}
