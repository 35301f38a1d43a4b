package lab.shop.http;

import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Collectors;

/**
 * Method + path → page. A route is an exact path ({@code /search}) or a path ending in one
 * {@code {id}} segment ({@code /item/{id}}); the segment goes to {@link Request#param()}. The
 * route's template names it in the {@code uri} tag of the request metrics.
 */
public final class Router {

    /** The page chosen for a request, and the route it matched (its metrics name). */
    public record Match(String route, Page page, String param) {
    }

    private record Route(HttpMethod method, String template, String prefix, boolean withParam, Page page) {

        /** The parameter (or "" for an exact route) when the path matches, else null. */
        String match(String path) {
            if (!withParam) {
                return path.equals(template) ? "" : null;
            }
            if (!path.startsWith(prefix) || path.length() == prefix.length() || path.indexOf('/', prefix.length()) >= 0) {
                return null;
            }
            return path.substring(prefix.length());
        }
    }

    private static final String PARAM = "{id}";
    private final List<Route> routes = new ArrayList<>();

    public Router get(String template, Page page) {
        return add(HttpMethod.GET, template, page);
    }

    public Router post(String template, Page page) {
        return add(HttpMethod.POST, template, page);
    }

    public Match match(HttpMethod method, String path) {
        Set<String> allowed = new LinkedHashSet<>();
        for (Route route : routes) {
            String param = route.match(path);
            if (param == null) {
                continue;
            }
            if (route.method.equals(method)) {
                return new Match(route.template, route.page, param.isEmpty() ? null : param);
            }
            allowed.add(route.method.name());
        }
        if (allowed.isEmpty()) {
            return new Match("NOT_FOUND", request -> CompletableFuture.failedFuture(HttpError.notFound("page " + path)), null);
        }
        String allow = allowed.stream().collect(Collectors.joining(", "));
        return new Match("METHOD_NOT_ALLOWED", request -> CompletableFuture.completedFuture(
                ErrorPages.page(HttpResponseStatus.METHOD_NOT_ALLOWED, "Method not allowed",
                        request.method() + " is not allowed here; use " + allow + ".").withHeader("Allow", allow)), null);
    }

    private Router add(HttpMethod method, String template, Page page) {
        boolean withParam = template.endsWith("/" + PARAM);
        String prefix = withParam ? template.substring(0, template.length() - PARAM.length()) : template;
        routes.add(new Route(method, template, prefix, withParam, page));
        return this;
    }
}
