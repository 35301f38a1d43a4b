package lab.shop.http;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A page's answer: a status, extra headers, and either a {@link View} to render as HTML or a
 * ready body.
 */
public record Response(HttpResponseStatus status, String contentType, byte[] body, View view, Map<String, String> headers) {

    public static final String HTML = "text/html; charset=utf-8";

    public static Response page(HttpResponseStatus status, String template, Map<String, Object> model) {
        return new Response(status, HTML, null, new View(template, model), Map.of());
    }

    public static Response page(String template, Map<String, Object> model) {
        return page(HttpResponseStatus.OK, template, model);
    }

    public static Response text(HttpResponseStatus status, String contentType, String body) {
        return new Response(status, contentType, body.getBytes(StandardCharsets.UTF_8), null, Map.of());
    }

    public Response withHeader(String name, String value) {
        Map<String, String> more = new LinkedHashMap<>(headers);
        more.put(name, value);
        return new Response(status, contentType, body, view, Map.copyOf(more));
    }
}
