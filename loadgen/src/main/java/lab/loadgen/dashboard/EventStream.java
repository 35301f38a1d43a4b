package lab.loadgen.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpExchange;

/**
 * One server-sent-events stream (text/event-stream): named events with one line of data each, and
 * a comment now and then so that a browser gone away shows as a failed write.
 */
final class EventStream {

    private final OutputStream out;

    EventStream(HttpExchange ex) throws IOException {
        ex.getResponseHeaders().set("Content-Type", "text/event-stream; charset=utf-8");
        ex.getResponseHeaders().set("Cache-Control", "no-store");
        ex.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        ex.sendResponseHeaders(200, 0); // chunked, open until the loop ends
        this.out = ex.getResponseBody();
    }

    /** {@code data} must be one line (JSON is). */
    void send(String event, String data) throws IOException {
        if (data.indexOf('\n') >= 0 || data.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("event data must be one line");
        }
        out.write(("event: " + event + "\ndata: " + data + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    void keepAlive() throws IOException {
        out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
