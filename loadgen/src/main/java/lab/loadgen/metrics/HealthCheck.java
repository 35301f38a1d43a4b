package lab.loadgen.metrics;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** GET of an instance's health path: up when it answers 2xx within the timeout. */
public final class HealthCheck {

    /**
     * The answer: up or not, and what was seen (status code or the failure).
     *
     * @param answers whether the instance answered HTTP at all (a 503 health answers; a closed port does not)
     */
    public record Status(boolean up, String detail, boolean answers) {
        public Status(boolean up, String detail) {
            this(up, detail, up);
        }
    }

    private HealthCheck() {
    }

    public static Status check(HttpClient client, URI uri, Duration timeout) {
        try {
            HttpRequest req = HttpRequest.newBuilder(uri).timeout(timeout).GET().build();
            HttpResponse<Void> resp = client.send(req, HttpResponse.BodyHandlers.discarding());
            boolean up = resp.statusCode() / 100 == 2;
            return new Status(up, "HTTP " + resp.statusCode(), true);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return new Status(false, "interrupted");
        } catch (java.net.ConnectException e) {
            return new Status(false, "connection refused: nothing listening at " + uri.getHost() + ":" + uri.getPort());
        } catch (java.net.http.HttpTimeoutException e) {
            return new Status(false, "no answer within " + timeout.toMillis() + " ms");
        } catch (Exception e) {
            String msg = e.getMessage();
            return new Status(false, e.getClass().getSimpleName() + (msg == null || msg.isBlank() ? "" : ": " + msg));
        }
    }

    /** An HTTP client with a short connect timeout, for health checks and scrapes. */
    public static HttpClient client() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER).build();
    }
}
