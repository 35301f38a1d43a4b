package lab.microbench.thesis;

import java.time.Duration;
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
 * Thesis 4.1.1 and 4.1.2: one operation = {@code requests} times the same small SELECT on one
 * connection (one session: every call fired, then joined). A {@code link} other than
 * {@code loopback} puts Toxiproxy between client and server ({@link ThesisLink}: half the
 * emulated round trip each way).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class SessionBench {

    @Param({"MYSQL"})
    public String engine;
    @Param({"jdbc"})
    public String variant;
    @Param({"50"})
    public int requests;
    /** A link id of {@link ThesisPlan#LINKS}: loopback, lan (0.19 ms RTT), wan (78 ms). */
    @Param({"loopback"})
    public String link;

    private DbClient client;
    private ThesisLink emulated;

    @Setup(Level.Trial)
    public void open() throws Exception {
        SourceUrl url = ThesisDb.url(engine);
        if (!ThesisPlan.LOOPBACK.equals(link)) {
            emulated = ThesisLink.open(link, url);
            url = emulated.via(url);
        }
        client = Variant.of(variant).client(url, 1);
        operation(); // connects
    }

    @TearDown(Level.Trial)
    public void close() {
        if (client != null) {
            client.close();
        }
        if (emulated != null) {
            emulated.close();
        }
    }

    /** The machine's load at the end of this fork, for the page to show it was quiet (ForkLoad). */
    @TearDown(Level.Trial)
    public void recordLoad(BenchmarkParams params) {
        ForkLoad.record(params);
    }

    @Benchmark
    public List<Rows> operation() {
        return run(client, requests);
    }

    /** Runs {@link #run} with {@code client} for {@code time}. */
    static void warmUp(DbClient client, int requests, Duration time) {
        long end = System.nanoTime() + time.toNanos();
        while (System.nanoTime() < end) {
            run(client, requests);
        }
    }

    /** One operation: {@code requests} queries in one session of {@code client}, all fired, then joined. */
    static List<Rows> run(DbClient client, int requests) {
        List<CompletionStage<Rows>> calls = new ArrayList<>(requests);
        try (DbSession session = client.openSession()) {
            for (int i = 0; i < requests; i++) {
                calls.add(session.query(ThesisDb.QUERY, 1 + i % ThesisDb.ROWS));
            }
            return ForkJoin.join(ForkJoin.all(calls), Variant.TIMEOUT);
        }
    }
}
