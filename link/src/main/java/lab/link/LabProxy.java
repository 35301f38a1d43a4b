package lab.link;

/**
 * One proxy of the lab: an instance's own way to one of its sources, named
 * {@code <instance>--<source>} and listening on 127.0.0.1 at
 * {@code 10000 + instance port + 100 × source number} (portal-jdbc (8081)'s logs_pg, number 4,
 * is 18481), so every instance and source has its own link to set, fault and count.
 */
public record LabProxy(String instance, int instancePort, String source, int sourceNumber, String upstream) {

    public static final String HOST = "127.0.0.1";

    public String name() {
        return instance + "--" + source;
    }

    public int port() {
        return 10_000 + instancePort + 100 * sourceNumber;
    }

    public String listen() {
        return HOST + ":" + port();
    }
}
