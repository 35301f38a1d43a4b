package lab.loadgen.dashboard;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

import com.sun.net.httpserver.HttpExchange;

import lab.report.results.ResultsJson;

/**
 * One server-sent-events stream (text/event-stream): named events whose data is a value as JSON on
 * one line, and a comment now and then so that a browser gone away shows as a failed write.
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

    void send(String event, Object data) throws IOException {
        out.write(("event: " + event + "\ndata: " + ResultsJson.oneLine(data) + "\n\n").getBytes(StandardCharsets.UTF_8));
        out.flush();
    }

    void keepAlive() throws IOException {
        out.write(": keep-alive\n\n".getBytes(StandardCharsets.UTF_8));
        out.flush();
    }
}
