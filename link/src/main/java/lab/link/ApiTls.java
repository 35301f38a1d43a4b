package lab.link;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * The client side of Toxiproxy's API over mutual TLS (RUNTIME=swarm, link/toxiproxy-lab/api_tls.go):
 * the lab's client certificate ({@value #KEYSTORE_ENV}, PKCS12 without a password, as
 * scripts/lib/db-tls.sh makes it) and the CA the API's certificate is checked against
 * ({@value #CA_ENV}, PEM).
 */
final class ApiTls {

    static final String KEYSTORE_ENV = "TOXIPROXY_TLS_KEYSTORE";
    static final String CA_ENV = "TOXIPROXY_TLS_CA";

    private ApiTls() {
    }

    /** The context for an https API URL, from the two files the environment names. */
    static SSLContext fromEnv() {
        String keystore = System.getenv(KEYSTORE_ENV);
        String ca = System.getenv(CA_ENV);
        if (keystore == null || keystore.isBlank() || ca == null || ca.isBlank()) {
            throw new IllegalStateException("Toxiproxy's API over https needs " + KEYSTORE_ENV + " (the lab's client certificate, PKCS12) and "
                    + CA_ENV + " (the CA, PEM)");
        }
        return context(Path.of(keystore.trim()), Path.of(ca.trim()));
    }

    static SSLContext context(Path keystore, Path caPem) {
        try {
            KeyStore keys = KeyStore.getInstance("PKCS12");
            try (InputStream in = Files.newInputStream(keystore)) {
                keys.load(in, new char[0]);
            }
            KeyManagerFactory km = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            km.init(keys, new char[0]);
            KeyStore trust = KeyStore.getInstance("PKCS12");
            trust.load(null, null);
            try (InputStream in = Files.newInputStream(caPem)) {
                int i = 0;
                for (Certificate c : CertificateFactory.getInstance("X.509").generateCertificates(in)) {
                    trust.setCertificateEntry("lab-ca-" + i++, c);
                }
            }
            TrustManagerFactory tm = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tm.init(trust);
            SSLContext ctx = SSLContext.getInstance("TLSv1.3");
            ctx.init(km.getKeyManagers(), tm.getTrustManagers(), null);
            return ctx;
        } catch (IOException | GeneralSecurityException e) {
            throw new IllegalStateException("Toxiproxy's API over TLS: cannot read " + keystore + " or " + caPem + ": " + e.getMessage(), e);
        }
    }
}
