package lab.link;

/**
 * One proxy of the lab: an instance's own way to one of its sources, named
 * {@code <instance>--<source>} and listening at {@code 10000 + instance port + 100 × source number}
 * (portal-jdbc (8081)'s logs_pg, number 4, is 18481), so every instance and source has its own
 * link to set, fault and count. The one place of this scheme: the containers' entrypoint and
 * Toxiproxy config ask for it too ({@code loadgen sources}, {@code --config}).
 */
public record LabProxy(String instance, int instancePort, String source, int sourceNumber, String upstream) {

    /** Where the proxies listen natively, and where the instances reach them. */
    public static final String HOST = "127.0.0.1";

    private static final String SEPARATOR = "--";

    public String name() {
        return instance + SEPARATOR + source;
    }

    /** The source a lab proxy of that name leads to ({@code portal-jdbc--logs_pg} → {@code logs_pg}). */
    public static String sourceOf(String proxyName) {
        int at = proxyName.indexOf(SEPARATOR);
        if (at < 0) {
            throw new IllegalArgumentException("'" + proxyName + "' is not a lab proxy name (<instance>" + SEPARATOR + "<source>)");
        }
        return proxyName.substring(at + SEPARATOR.length());
    }

    public int port() {
        return 10_000 + instancePort + 100 * sourceNumber;
    }

    public String listen() {
        return listen(HOST);
    }

    /** host:port, the proxy listening on {@code host} (containers: 0.0.0.0, or the database node's address). */
    public String listen(String host) {
        return host + ":" + port();
    }
}
