package lab.shop.http;

/** What every connection's handler shares: the routes, the templates and the meters. */
public record Site(Router router, Templates templates, HttpMetrics metrics) {
}
