package lab.shop.http;

import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.QueryStringDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import lab.access.Deadline;

/**
 * What a page needs from a request, copied out of Netty's reference-counted message so that it
 * can outlive the read that produced it.
 *
 * @param param     the {@code {id}} segment of the matched route, else null
 * @param malformed the request could not be parsed, or its URI or form is not valid percent-encoding
 *                  (answered 400, connection closed)
 * @param deadline  when the page must be answered: its database calls end by then ({@link ShopHandler} sets it)
 */
public record Request(HttpMethod method, String path, Map<String, List<String>> query,
                      Map<String, List<String>> form, String param, boolean keepAlive, boolean malformed, Deadline deadline) {

    /** Most parameters a query string or form may carry; the rest are ignored. */
    private static final int MAX_PARAMS = 32;

    static Request of(FullHttpRequest message) {
        if (message.decoderResult().isFailure()) {
            return new Request(message.method(), "", Map.of(), Map.of(), null, false, true, Deadline.NONE);
        }
        boolean keepAlive = HttpUtil.isKeepAlive(message)
                && !message.headers().containsValue(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE, true);
        try {
            QueryStringDecoder uri = new QueryStringDecoder(message.uri(), StandardCharsets.UTF_8, true, MAX_PARAMS);
            Map<String, List<String>> form = Map.of();
            CharSequence type = HttpUtil.getMimeType(message);
            if (type != null && HttpHeaderValues.APPLICATION_X_WWW_FORM_URLENCODED.contentEqualsIgnoreCase(type)
                    && message.content().isReadable()) {
                String body = message.content().toString(StandardCharsets.UTF_8);
                form = new QueryStringDecoder(body, StandardCharsets.UTF_8, false, MAX_PARAMS).parameters();
            }
            return new Request(message.method(), uri.path(), uri.parameters(), form, null, keepAlive, false, Deadline.NONE);
        } catch (IllegalArgumentException badEncoding) { // e.g. "%zz"
            return new Request(message.method(), "", Map.of(), Map.of(), null, false, true, Deadline.NONE);
        }
    }

    /** A GET made up inside the server ({@code /mix} delegating to a page), under this request's deadline. */
    public Request get(String otherPath, Map<String, List<String>> otherQuery, String otherParam) {
        return new Request(HttpMethod.GET, otherPath, otherQuery, Map.of(), otherParam, true, false, deadline);
    }

    public Request withParam(String value) {
        return new Request(method, path, query, form, value, keepAlive, malformed, deadline);
    }

    public Request withDeadline(Deadline value) {
        return new Request(method, path, query, form, param, keepAlive, malformed, value);
    }

    /** First value of a query parameter, or null. */
    public String query(String name) {
        return first(query, name);
    }

    /** First value of a form field, or null. */
    public String form(String name) {
        return first(form, name);
    }

    private static String first(Map<String, List<String>> values, String name) {
        List<String> v = values.get(name);
        return v == null || v.isEmpty() ? null : v.get(0);
    }
}
