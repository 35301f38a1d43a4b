package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyStore;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The lab's toxiproxy-server with its API over mutual TLS (a swarm's, link/toxiproxy-lab/api_tls.go),
 * with certificates from scripts/lib/db-tls.sh: the client holding the lab's certificate drives it;
 * a client without one, or one speaking plain HTTP, gets nothing.
 */
class ApiTlsTest {

    private static final String HOST = "127.0.0.1";

    @TempDir
    static Path dir;
    private static Process server;
    private static int port;

    @BeforeAll
    static void start() throws Exception {
        Path tls = dir.resolve("tls");
        Process certs = new ProcessBuilder("bash", Path.of("..", "scripts", "lib", "db-tls.sh").toString(), tls.toString(), HOST)
                .inheritIO().start();
        assertTrue(certs.waitFor(60, TimeUnit.SECONDS) && certs.exitValue() == 0, "db-tls.sh");
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = s.getLocalPort();
        }
        server = new ProcessBuilder(ServerBinary.find().toString(), "-host", HOST, "-port", Integer.toString(port),
                "-api-tls-cert", tls.resolve("server.pem").toString(), "-api-tls-key", tls.resolve("server.key").toString(),
                "-api-tls-client-ca", tls.resolve("ca.pem").toString())
                .redirectErrorStream(true).redirectOutput(dir.resolve("toxiproxy.log").toFile()).start();
        Toxiproxy api = labClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!api.isUp() && System.nanoTime() < deadline && server.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(api.isUp(), "the API over TLS; log: " + Files.readString(dir.resolve("toxiproxy.log")));
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            server.waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static Toxiproxy labClient() {
        return new Toxiproxy(URI.create("https://" + HOST + ":" + port), ApiTls.context(tls("client.p12"), tls("ca.pem")));
    }

    private static Path tls(String file) {
        return dir.resolve("tls").resolve(file);
    }

    @Test
    void theLabsClientCertificateDrivesTheApi() {
        labClient().proxy("over-tls", "127.0.0.1:0", "127.0.0.1:9").rtt(20);
        // a second client: the proxy and its toxic as the server keeps them
        assertEquals(20.0, labClient().proxy("over-tls", "127.0.0.1:0", "127.0.0.1:9").rttMs(), 0.01, "the link set over TLS");
    }

    @Test
    void aClientWithoutItGetsNothing() throws Exception {
        KeyStore trust = KeyStore.getInstance("PKCS12");
        trust.load(null, null);
        try (var in = Files.newInputStream(tls("ca.pem"))) {
            trust.setCertificateEntry("ca", java.security.cert.CertificateFactory.getInstance("X.509").generateCertificate(in));
        }
        TrustManagerFactory tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        tm.init(trust);
        SSLContext noCertificate = SSLContext.getInstance("TLSv1.3");
        noCertificate.init(null, tm.getTrustManagers(), null);
        HttpClient http = HttpClient.newBuilder().sslContext(noCertificate).connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest version = HttpRequest.newBuilder(URI.create("https://" + HOST + ":" + port + "/version")).timeout(Duration.ofSeconds(5)).build();
        boolean refused;
        try {
            http.send(version, HttpResponse.BodyHandlers.ofString());
            refused = false;
        } catch (IOException e) {
            refused = true; // the server's alert: certificate required
        }
        assertTrue(refused, "no client certificate, no API");

        HttpResponse<String> plain = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create("http://" + HOST + ":" + port + "/proxies")).timeout(Duration.ofSeconds(5)).build(),
                HttpResponse.BodyHandlers.ofString());
        assertNotEquals(200, plain.statusCode());
        assertFalse(plain.body().contains("over-tls"), "plain HTTP at the TLS address lists no proxy: " + plain.body());
    }
}
