package lab.link;

import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A connection to a running toxiproxy-server's HTTP API: the lab's ({@link #fromEnv()},
 * {@code TOXIPROXY_URL}, default {@value #DEFAULT_URL}) or a private one ({@link ToxiproxyServer}).
 * Proxies are made or reused by name ({@link #proxy}); each comes back as a {@link LinkProxy}.
 */
public final class Toxiproxy {

    public static final String ENV = "TOXIPROXY_URL";
    public static final String DEFAULT_URL = "http://127.0.0.1:8474";

    private final URI url;
    private final ToxiproxyClient client;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    public Toxiproxy(URI url) {
        this.url = url;
        this.client = new ToxiproxyClient(url.getHost(), url.getPort() < 0 ? 8474 : url.getPort());
    }

    public static Toxiproxy fromEnv() {
        String v = System.getenv(ENV);
        return new Toxiproxy(URI.create(v == null || v.isBlank() ? DEFAULT_URL : v.trim()));
    }

    public URI url() {
        return url;
    }

    /** True when the API answers (health check). */
    public boolean isUp() {
        try {
            HttpResponse<Void> r = http.send(HttpRequest.newBuilder(url.resolve("/version")).timeout(Duration.ofSeconds(2)).build(),
                    HttpResponse.BodyHandlers.discarding());
            return r.statusCode() == 200;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /**
     * The proxy called {@code name}, listening on {@code listen} ("127.0.0.1:0" = any free port)
     * and forwarding to {@code upstream} ("host:port"); an existing proxy of that name is reused
     * (re-pointed if its upstream differs, re-enabled if disabled).
     */
    public LinkProxy proxy(String name, String listen, String upstream) {
        try {
            Proxy p = client.getProxyOrNull(name);
            if (p == null) {
                p = client.createProxy(name, listen, upstream);
            } else {
                if (!p.getUpstream().equals(upstream)) {
                    p.setUpstream(upstream);
                }
                if (!p.isEnabled()) {
                    p.enable();
                }
            }
            return new LinkProxy(this, client.getProxy(name));
        } catch (IOException e) {
            throw failed("create proxy " + name + " " + listen + " -> " + upstream, e);
        }
    }

    /** The lab's proxy {@code p}, created or reused as {@link #proxy(String, String, String)} says. */
    public LinkProxy proxy(LabProxy p) {
        return proxy(p.name(), p.listen(), p.upstream());
    }

    /** An existing proxy, or null. */
    public LinkProxy existing(String name) {
        Proxy p = client.getProxyOrNull(name);
        return p == null ? null : new LinkProxy(this, p);
    }

    public List<LinkProxy> proxies() {
        try {
            List<LinkProxy> all = new ArrayList<>();
            for (Proxy p : client.getProxies()) {
                all.add(new LinkProxy(this, p));
            }
            return all;
        } catch (IOException e) {
            throw failed("list proxies", e);
        }
    }

    /** Every proxy enabled again with no toxics (Toxiproxy's reset). */
    public void reset() {
        try {
            client.reset();
        } catch (IOException e) {
            throw failed("reset", e);
        }
    }

    /** Same link on every proxy: the latency toxics of {@code link} (fault toxics are left alone). */
    public void apply(Link link) {
        for (LinkProxy p : proxies()) {
            p.set(link);
        }
    }

    /**
     * Bytes the proxy has forwarded so far (both directions), from the server's Prometheus
     * counters; needs the server started with {@code -proxy-metrics} (as {@link ToxiproxyServer}
     * and {@code make up} do), else 0.
     */
    long bytes(String proxy) {
        String text;
        try {
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(url.resolve("/metrics")).timeout(Duration.ofSeconds(5)).build(),
                    HttpResponse.BodyHandlers.ofString());
            text = r.body();
        } catch (IOException e) {
            throw failed("read /metrics", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        Pattern line = Pattern.compile("^toxiproxy_proxy_sent_bytes_total\\{[^}]*proxy=\"" + Pattern.quote(proxy) + "\"[^}]*} (\\S+)$",
                Pattern.MULTILINE);
        long sum = 0;
        for (Matcher m = line.matcher(text); m.find(); ) {
            sum += (long) Double.parseDouble(m.group(1));
        }
        return sum;
    }

    UncheckedIOException failed(String what, IOException e) {
        return new UncheckedIOException("toxiproxy at " + url + ": " + what + " failed: " + e.getMessage()
                + (isUp() ? "" : " (is it running? 'make up LINK=…' starts the lab's, 'make tools' installs it)"), e);
    }
}
