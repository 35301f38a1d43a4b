package lab.shop;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;

/** The tests' HTTP clients: java.net.http for well-formed requests, a raw socket for the rest. */
final class Http {

    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5))
            .build();

    private Http() {
    }

    static HttpResponse<String> get(ShopApp app, String path) {
        return getAsync(app, path).join();
    }

    /** Polls {@code /health} until it says 200 (the pool is warmed up), as the lab's start does; fails after {@code timeout}. */
    static void awaitHealthy(ShopApp app, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        int status;
        while ((status = get(app, "/health").statusCode()) != 200) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("/health still " + status + " after " + timeout);
            }
            Thread.sleep(50);
        }
    }

    static CompletableFuture<HttpResponse<String>> getAsync(ShopApp app, String path) {
        return CLIENT.sendAsync(request(app, path).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static HttpResponse<String> post(ShopApp app, String path, String form) {
        return postAsync(app, path, form).join();
    }

    static CompletableFuture<HttpResponse<String>> postAsync(ShopApp app, String path, String form) {
        return CLIENT.sendAsync(request(app, path)
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static HttpRequest.Builder request(ShopApp app, String path) {
        return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + app.port() + path)).timeout(Duration.ofSeconds(30));
    }

    /** What came back on a raw connection, and whether the server closed it. */
    record Raw(String text, boolean closed) {
        boolean status(int code) {
            return text.startsWith("HTTP/1.1 " + code + " ");
        }
    }

    /** Sends bytes as they are and reads until the server closes the connection (or {@code wait} passes). */
    static Raw raw(ShopApp app, String request, Duration wait) throws IOException {
        try (Socket socket = new Socket(InetAddress.getLoopbackAddress(), app.port())) {
            socket.getOutputStream().write(request.getBytes(StandardCharsets.ISO_8859_1));
            socket.getOutputStream().flush();
            return readUntilClosed(socket, wait);
        }
    }

    static Raw readUntilClosed(Socket socket, Duration wait) throws IOException {
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        long deadline = System.nanoTime() + wait.toNanos();
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[8192];
        while (true) {
            long left = (deadline - System.nanoTime()) / 1_000_000;
            if (left <= 0) {
                return new Raw(received.toString(StandardCharsets.UTF_8), false);
            }
            socket.setSoTimeout((int) left);
            try {
                int n = in.read(buffer);
                if (n < 0) {
                    return new Raw(received.toString(StandardCharsets.UTF_8), true);
                }
                received.write(buffer, 0, n);
            } catch (SocketTimeoutException e) {
                return new Raw(received.toString(StandardCharsets.UTF_8), false);
            } catch (IOException reset) {
                return new Raw(received.toString(StandardCharsets.UTF_8), true);
            }
        }
    }
}
