package lab.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
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
 * a client without one, or one speaking plain HTTP, gets nothing; and with {@code -api-allow}, a
 * client from another address gets no answer at all, not even to its SYN.
 */
class ApiTlsTest {

    private static final String HOST = "127.0.0.1";

    @TempDir
    static Path dir;
    /** Another loopback address (Linux answers all of 127/8), the only one the second server lets in. */
    private static final String ELSEWHERE = "127.0.0.3";

    private static Process server;
    private static int port;
    private static Process other;
    private static int otherPort;

    @BeforeAll
    static void start() throws Exception {
        Path tls = dir.resolve("tls");
        Process certs = new ProcessBuilder("bash", Path.of("..", "scripts", "lib", "db-tls.sh").toString(), tls.toString(), HOST)
                .inheritIO().start();
        assertTrue(certs.waitFor(60, TimeUnit.SECONDS) && certs.exitValue() == 0, "db-tls.sh");
        port = freePort();
        server = start(port, HOST); // as on a swarm: the load host's address allowed (here the client's own)
        otherPort = freePort();
        other = start(otherPort, ELSEWHERE);
        Toxiproxy api = labClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!api.isUp() && System.nanoTime() < deadline && server.isAlive()) {
            Thread.sleep(50);
        }
        assertTrue(api.isUp(), "the API over TLS; log: " + Files.readString(dir.resolve("toxiproxy-" + port + ".log")));
        while (!connects(ELSEWHERE, otherPort) && System.nanoTime() < deadline && other.isAlive()) {
            Thread.sleep(50);
        }
    }

    private static Process start(int port, String allow) throws IOException {
        Path tls = dir.resolve("tls");
        return new ProcessBuilder(ServerBinary.find().toString(), "-host", HOST, "-port", Integer.toString(port),
                "-api-tls-cert", tls.resolve("server.pem").toString(), "-api-tls-key", tls.resolve("server.key").toString(),
                "-api-tls-client-ca", tls.resolve("ca.pem").toString(), "-api-allow", allow)
                .redirectErrorStream(true).redirectOutput(dir.resolve("toxiproxy-" + port + ".log").toFile()).start();
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    /** A TCP connection from {@code source} to the API at {@code port} within a second. */
    private static boolean connects(String source, int port) throws IOException {
        try (Socket s = new Socket()) {
            s.bind(new InetSocketAddress(source, 0));
            s.connect(new InetSocketAddress(HOST, port), 1000);
            return true;
        } catch (SocketTimeoutException | java.net.ConnectException e) {
            return false;
        }
    }

    @AfterAll
    static void stop() throws InterruptedException {
        for (Process p : new Process[] {server, other}) {
            if (p != null) {
                p.destroy();
                p.waitFor(5, TimeUnit.SECONDS);
            }
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

    @Test
    void anotherSourceGetsNoAnswerAtAll() throws IOException {
        assertTrue(connects(ELSEWHERE, otherPort), "from the allowed address the port is open");
        assertFalse(connects(HOST, otherPort), "from any other address the SYN is dropped: no connection, no refusal");
        assertTrue(connects(HOST, port), "the same client, where its address is the one allowed");
    }
}
