package lab.microbench.thesis;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;

import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.ForkJoin;
import lab.access.Rows;
import lab.access.SourceUrl;
import lab.microbench.jmh.ForkLoad;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/**
 * Thesis 4.1.3: one operation = the small SELECT once on each of {@code connections} connections
 * to each of {@code servers} servers, all fired, then joined. Horizontal scaling: engine
 * {@code PG_THROWAWAY} = the throw-away clusters on ports {@code basePort}, {@code basePort + 1}, …
 * (started by the runner); vertical: one real server, many connections.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class FanOutBench {

    public static final String THROWAWAY = lab.report.verdict.MicroClaims.THROWAWAY;

    @Param({"MYSQL"})
    public String engine;
    @Param({"jdbc"})
    public String variant;
    @Param({"1"})
    public int servers;
    @Param({"1"})
    public int connections;
    @Param({"5441"})
    public int basePort;

    private final List<DbClient> clients = new ArrayList<>();
    private final List<DbSession> sessions = new ArrayList<>();

    @Setup(Level.Trial)
    public void open() {
        for (int s = 0; s < servers; s++) {
            SourceUrl url = engine.equals(THROWAWAY) ? PgCluster.url(basePort + s) : ThesisDb.url(engine);
            DbClient client = Variant.of(variant).client(url, connections);
            clients.add(client);
            for (int c = 0; c < connections; c++) {
                sessions.add(client.openSession());
            }
        }
        operation(); // every session takes its connection
    }

    @TearDown(Level.Trial)
    public void close() {
        sessions.forEach(DbSession::close);
        clients.forEach(DbClient::close);
    }

    /** The machine's load at the end of this fork, for the page to show it was quiet (ForkLoad). */
    @TearDown(Level.Trial)
    public void recordLoad(BenchmarkParams params) {
        ForkLoad.record(params);
    }

    @Benchmark
    public List<Rows> operation() {
        List<CompletionStage<Rows>> calls = new ArrayList<>(sessions.size());
        for (int i = 0; i < sessions.size(); i++) {
            calls.add(sessions.get(i).query(ThesisDb.QUERY, 1 + i % ThesisDb.ROWS));
        }
        return ForkJoin.join(ForkJoin.all(calls), Variant.TIMEOUT);
    }
}
