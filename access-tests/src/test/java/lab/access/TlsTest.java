package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * TLS to the database servers ({@link DbTls}, {@code LAB_DB_TLS_CA}), every mode and both engines,
 * against real servers that require it ({@link TlsServers}: a throw-away MariaDB and PostgreSQL with
 * a certificate from {@code scripts/lib/db-tls.sh}, the script {@code make up} runs): the session is
 * encrypted (MariaDB's {@code Ssl_cipher}, PostgreSQL's {@code pg_stat_ssl}), a client that trusts
 * another CA is refused within its connect timeout with an error naming the source and the
 * certificate, and a client without TLS is refused by the server.
 */
class TlsTest {

    private static final Duration CONNECT = Duration.ofSeconds(2);
    private static final long MARGIN_MS = 3000;
    /** Hex: it goes into the servers' CREATE USER and password file as it is. */
    private static final String PASSWORD = HexFormat.of().formatHex(randomBytes());
    private static final Map<Engine, TlsServers.Server> SERVERS = new EnumMap<>(Engine.class);
    private static Path dir;
    private static Path lab;
    private static Path other;

    @BeforeAll
    static void start() throws Exception {
        String missing = TlsServers.missing();
        assumeTrue(missing == null, () -> "TLS test skipped: missing " + missing);
        dir = Files.createTempDirectory("tls-test-");
        lab = TlsServers.certificates(dir.resolve("lab"));
        other = TlsServers.certificates(dir.resolve("other"));
        for (Engine engine : Engine.values()) {
            SERVERS.put(engine, TlsServers.start(engine, lab, PASSWORD));
        }
    }

    @AfterAll
    static void stop() {
        SERVERS.values().forEach(TlsServers.Server::close);
        if (dir != null) {
            TlsServers.delete(dir);
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void sessionIsEncryptedAndTheServerVerified(Engine engine, Mode mode) {
        try (DbClient client = DbClients.create(url(engine), mode, options(DbTls.verifying(lab.resolve("ca.pem"))))) {
            Row row = Fire.await(client.query(encryptionSql(engine))).first();
            String evidence = String.valueOf(row.get("evidence"));
            System.out.printf("TLS %s %s: %s%n", engine.scheme, mode.id(), evidence);
            if (engine == Engine.MYSQL) {
                assertFalse(evidence.isBlank(), "Ssl_cipher is empty: the session is not encrypted");
            } else {
                assertEquals("true", evidence, "pg_stat_ssl.ssl of this session");
            }
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("lab.access.Cases#all")
    void serverSignedByAnotherCaIsRefused(Engine engine, Mode mode) {
        SourceUrl source = url(engine);
        try (DbClient client = DbClients.create(source, mode, options(DbTls.verifying(other.resolve("ca.pem"))))) {
            long t0 = System.nanoTime();
            Throwable e = Fire.failure(client.query(encryptionSql(engine)));
            long ms = Duration.ofNanos(System.nanoTime() - t0).toMillis();
            System.out.printf("OTHER CA %s %s after %d ms: %s%n", engine.scheme, mode.id(), ms, e.getMessage());
            SourceUnavailableException down = assertInstanceOf(SourceUnavailableException.class, e, () -> e + " caused by " + e.getCause());
            assertTrue(down.getMessage().startsWith(source.address() + ": "), down.getMessage());
            assertTrue(mentionsTheCertificate(down), "the error does not say why: " + chain(down));
            assertTrue(ms < CONNECT.toMillis() + MARGIN_MS, "refused after " + ms + " ms");
        }
    }

    /** The servers require TLS, as the lab's do: a client without it is refused, not served in the clear. */
    @Test
    void clientWithoutTlsIsRefused() {
        for (Engine engine : Engine.values()) {
            try (DbClient client = DbClients.create(url(engine), Mode.JDBC, options(DbTls.OFF))) {
                Throwable e = Fire.failure(client.query("SELECT 1"));
                System.out.printf("NO TLS %s: %s%n", engine.scheme, e.getMessage());
            }
        }
    }

    private static String encryptionSql(Engine engine) {
        return engine == Engine.MYSQL
                ? "SELECT VARIABLE_VALUE AS evidence FROM information_schema.SESSION_STATUS WHERE VARIABLE_NAME = 'SSL_CIPHER'"
                : "SELECT ssl::text AS evidence FROM pg_stat_ssl WHERE pid = pg_backend_pid()";
    }

    private static boolean mentionsTheCertificate(Throwable e) {
        return chain(e).matches("(?is).*(certificat|pkix|ssl|tls).*");
    }

    private static String chain(Throwable e) {
        StringBuilder s = new StringBuilder();
        for (Throwable t = e; t != null; t = t.getCause()) {
            s.append(t).append(" <- ");
        }
        return s.toString();
    }

    private static SourceUrl url(Engine engine) {
        SourceUrl u = SERVERS.get(engine).url();
        return new SourceUrl(u.engine(), u.user(), PASSWORD, u.host(), u.port(), u.database());
    }

    private static ClientOptions options(DbTls tls) {
        return ClientOptions.defaults().withPoolSize(2).withExecutorThreads(2).withEventLoops(1)
                .withConnectTimeout(CONNECT).withQueryTimeout(Duration.ofSeconds(5)).withTls(tls);
    }

    private static byte[] randomBytes() {
        byte[] b = new byte[12];
        ThreadLocalRandom.current().nextBytes(b);
        return b;
    }
}
