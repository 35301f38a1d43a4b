package lab.access;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;

/**
 * TLS to the database servers, the one setting every client reads: off (the native lab on loopback,
 * and what the figures were measured with), or on and verifying the server's certificate, its
 * name or address included, against the CA in {@code caPem}. {@link #fromEnv()} reads it from
 * {@value #ENV} (the containers' lab sets it to the CA that {@code make up} generated,
 * docs/several-machines.md); {@link ClientOptions#defaults()} carries it to every engine and mode,
 * the seeder asks for it here too. The JDBC drivers' settings for either case are here, so that no
 * caller spells them again.
 *
 * @param caPem the CA certificate(s), PEM; {@code null}: TLS off
 */
public record DbTls(Path caPem) {

    /** The environment variable that turns TLS on: the path of the CA's PEM file. */
    public static final String ENV = "LAB_DB_TLS_CA";
    public static final DbTls OFF = new DbTls(null);

    /** Connector/J reads a key store, not PEM: a PKCS12 of the CA, made once per file and run. */
    private static final Map<Path, Path> TRUST_STORES = new ConcurrentHashMap<>();
    /** Not a secret: the store holds the CA's public certificate only. */
    private static final String TRUST_STORE_PASSWORD = "lab-db-ca";

    public static DbTls fromEnv() {
        return fromEnv(System.getenv());
    }

    /** {@value #ENV} of {@code env}: a readable PEM file turns TLS on; blank or unset, off; anything else fails. */
    public static DbTls fromEnv(Map<String, String> env) {
        String value = env.get(ENV);
        return value == null || value.isBlank() ? OFF : verifying(Path.of(value.trim()));
    }

    /** TLS on, the server verified against {@code caPem}, which must be readable now (a clear error at start, not at each connect). */
    public static DbTls verifying(Path caPem) {
        if (!Files.isReadable(caPem)) {
            throw new IllegalArgumentException(ENV + "=" + caPem + ": no readable CA certificate (PEM) there");
        }
        return new DbTls(caPem.toAbsolutePath());
    }

    public boolean on() {
        return caPem != null;
    }

    /**
     * The JDBC driver's TLS settings for {@code engine}. Off: no TLS, and Connector/J may fetch the
     * server's RSA key for caching_sha2_password in the clear (MySQL 8.4), as before. On: the server's
     * certificate must chain to the CA and name the host dialled (VERIFY_IDENTITY, verify-full).
     */
    public Properties jdbcProperties(SourceUrl.Engine engine) {
        Properties p = new Properties();
        switch (engine) {
            case MYSQL -> {
                if (on()) {
                    p.setProperty("sslMode", "VERIFY_IDENTITY");
                    p.setProperty("trustCertificateKeyStoreUrl", trustStore().toUri().toString());
                    p.setProperty("trustCertificateKeyStoreType", "PKCS12");
                    p.setProperty("trustCertificateKeyStorePassword", TRUST_STORE_PASSWORD);
                    p.setProperty("fallbackToSystemTrustStore", "false");
                } else {
                    p.setProperty("sslMode", "DISABLED");
                    p.setProperty("allowPublicKeyRetrieval", "true");
                }
            }
            case POSTGRESQL -> {
                if (on()) {
                    p.setProperty("sslmode", "verify-full");
                    p.setProperty("sslrootcert", caPem.toString());
                } else {
                    p.setProperty("sslmode", "disable");
                }
            }
        }
        return p;
    }

    private Path trustStore() {
        return TRUST_STORES.computeIfAbsent(caPem, DbTls::pkcs12Of);
    }

    private static Path pkcs12Of(Path pem) {
        try (InputStream in = Files.newInputStream(pem)) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                store.setCertificateEntry("lab-db-ca-" + i++, c);
            }
            if (i == 0) {
                throw new IllegalArgumentException(ENV + "=" + pem + ": no certificate in the file");
            }
            Path file = Files.createTempFile("lab-db-ca-", ".p12");
            file.toFile().deleteOnExit();
            try (OutputStream out = Files.newOutputStream(file)) {
                store.store(out, TRUST_STORE_PASSWORD.toCharArray());
            }
            return file;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalArgumentException(ENV + "=" + pem + ": cannot read the CA certificate: " + e.getMessage(), e);
        }
    }

    @Override
    public String toString() {
        return on() ? "TLS verified against " + caPem : "TLS off";
    }
}
