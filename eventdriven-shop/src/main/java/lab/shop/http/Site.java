package lab.shop.http;

/**
 * What every connection's handler shares: the routes, the templates, the meters, and the page
 * timeout: a page not done by then is answered 503 (its queries share that time).
 */
public record Site(Router router, Templates templates, HttpMetrics metrics, java.time.Duration pageTimeout) {
}
