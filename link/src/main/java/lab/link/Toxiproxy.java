package lab.link;

import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;
import eu.rekawek.toxiproxy.Proxy;
import eu.rekawek.toxiproxy.ToxiproxyClient;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
    private final HttpClient http;

    /** An http URL, or https for the API over mutual TLS (a swarm's; the client certificate from the environment: {@link ApiTls}). */
    public Toxiproxy(URI url) {
        this(url, "https".equals(url.getScheme()) ? ApiTls.fromEnv() : null);
    }

    /** {@code tls}: the client's certificate and trust for an https URL. */
    Toxiproxy(URI url, javax.net.ssl.SSLContext tls) {
        if (!"http".equals(url.getScheme()) && !"https".equals(url.getScheme())) {
            throw new IllegalArgumentException(ENV + ": " + url + " is neither http nor https");
        }
        this.url = url;
        HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2));
        if ("https".equals(url.getScheme())) {
            http.sslContext(tls);
            // toxiproxy-java opens its own HttpsURLConnection: this process's default for those
            // (the database drivers do not use it)
            javax.net.ssl.HttpsURLConnection.setDefaultSSLSocketFactory(tls.getSocketFactory());
        }
        this.http = http.build();
        this.client = new ToxiproxyClient(url.getScheme(), url.getHost(), url.getPort() < 0 ? 8474 : url.getPort());
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
     * The toxics of {@code proxy}, as the API lists them (name, type, stream, attributes). Read
     * here rather than through toxiproxy-java, whose parser knows only upstream's toxic types
     * and fails on the lab's latency_us.
     */
    List<JsonObject> toxics(String proxy) throws IOException {
        List<JsonObject> all = new ArrayList<>();
        for (JsonElement e : JsonParser.parseString(call("GET", toxicsPath(proxy, null), null)).getAsJsonArray()) {
            all.add(e.getAsJsonObject());
        }
        return all;
    }

    /** Adds the toxic {@code name} of {@code type} on {@code stream} ("upstream"/"downstream"). */
    void addToxic(String proxy, String name, String type, String stream, Map<String, Long> attributes) throws IOException {
        JsonObject toxic = new JsonObject();
        toxic.addProperty("name", name);
        toxic.addProperty("type", type);
        toxic.addProperty("stream", stream);
        toxic.addProperty("toxicity", 1.0);
        toxic.add("attributes", json(attributes));
        call("POST", toxicsPath(proxy, null), toxic.toString());
    }

    /** New attributes for an existing toxic, in place: live connections see them without a gap. */
    void updateToxic(String proxy, String name, Map<String, Long> attributes) throws IOException {
        JsonObject body = new JsonObject();
        body.add("attributes", json(attributes));
        call("POST", toxicsPath(proxy, name), body.toString());
    }

    void removeToxic(String proxy, String name) throws IOException {
        call("DELETE", toxicsPath(proxy, name), null);
    }

    private static JsonObject json(Map<String, Long> attributes) {
        JsonObject o = new JsonObject();
        attributes.forEach(o::addProperty);
        return o;
    }

    private static String toxicsPath(String proxy, String toxic) {
        return "/proxies/" + URLEncoder.encode(proxy, StandardCharsets.UTF_8) + "/toxics"
                + (toxic == null ? "" : "/" + URLEncoder.encode(toxic, StandardCharsets.UTF_8));
    }

    /** One API call; an answer other than 2xx is an IOException that carries the server's message. */
    private String call(String method, String path, String body) throws IOException {
        HttpRequest.Builder b = HttpRequest.newBuilder(url.resolve(path)).timeout(Duration.ofSeconds(5));
        b = body == null ? b.method(method, HttpRequest.BodyPublishers.noBody())
                : b.header("Content-Type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(body));
        try {
            HttpResponse<String> r = http.send(b.build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() / 100 != 2) {
                throw new IOException(method + " " + path + ": HTTP " + r.statusCode() + " " + r.body().strip());
            }
            return r.body();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
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
