package lab.access;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A call costs one round trip to the server in every mode, nothing more: through a real 300 ms
 * link, one connection, three calls one after another once the connection is open and the
 * statement prepared. r2dbc on MariaDB took 2.02 round trips per call before its connections were
 * lent without the driver's Lifecycle (a ping at every give-back, {@code WithoutLifecycle}).
 * The fastest of the three calls is judged: noise only adds time.
 */
class RoundTripsPerCallTest {

    private static final long LINK_MS = 300;
    private static final int CALLS = 3;

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void aCallIsOneRoundTrip(Engine engine, Mode mode) throws Exception {
        SourceUrl direct = TestDb.url(engine);
        ClientOptions options = TestDb.options().withPoolSize(1)
                .withConnectTimeout(Duration.ofSeconds(5)).withQueryTimeout(Duration.ofSeconds(10));
        try (ProxiedSource link = new ProxiedSource(direct);
             DbClient client = DbClients.create(link.via(direct), mode, options)) {
            Fire.warmUp(client);
            Fire.await(client.query("SELECT ? + 1 AS n", 0)); // the statement prepared where the mode prepares
            link.latency(LINK_MS);
            List<Double> trips = new ArrayList<>();
            for (int i = 1; i <= CALLS; i++) {
                long started = System.nanoTime();
                Fire.await(client.query("SELECT ? + 1 AS n", i));
                trips.add((System.nanoTime() - started) / 1e6 / LINK_MS);
            }
            double fastest = Collections.min(trips);
            System.out.printf("ROUND TRIPS %-10s %-11s per call through a %d ms link: %s%n", engine.scheme, mode.id(), LINK_MS,
                    trips.stream().map(t -> String.format("%.2f", t)).toList());
            assertTrue(fastest < 1.5, engine.scheme + " " + mode.id() + ": " + fastest + " round trips for one call");
        }
    }
}
