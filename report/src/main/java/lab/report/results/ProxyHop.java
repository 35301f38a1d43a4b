package lab.report.results;

/**
 * What the Toxiproxy hop of a {@code LINK=0} lab costs: a timed {@code SELECT 1} at rest, through an
 * instance's proxy and straight to the same server, before any load (median of a few each).
 *
 * @param source      the source probed (e.g. contacts_mysql)
 * @param viaProxyMs  the round trip through the proxy
 * @param directMs    the round trip to the server itself
 */
public record ProxyHop(String source, double viaProxyMs, double directMs) {

    /** The time the hop adds to each round trip. */
    public double addedMs() {
        return Math.round((viaProxyMs - directMs) * 100.0) / 100.0;
    }
}
