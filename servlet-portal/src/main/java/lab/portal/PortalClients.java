package lab.portal;

import io.micrometer.core.instrument.MeterRegistry;
import java.util.EnumMap;
import java.util.Map;
import lab.access.DbClient;
import lab.access.DbClients;

/** The running mode's four clients, one per source, and nothing of any other mode. */
public final class PortalClients implements AutoCloseable {

    private final Map<PortalSource, DbClient> clients;

    private PortalClients(Map<PortalSource, DbClient> clients) {
        this.clients = clients;
    }

    /** Creates the four clients; their meters go to {@code registry} (tags source, mode). */
    static PortalClients open(PortalProperties properties, MeterRegistry registry) {
        Map<PortalSource, DbClient> clients = new EnumMap<>(PortalSource.class);
        PortalClients opened = new PortalClients(clients);
        try {
            for (PortalSource source : PortalSource.values()) {
                clients.put(source, DbClients.create(properties.url(source.source), properties.mode().access(),
                        properties.clientOptions(), registry));
            }
            return opened;
        } catch (RuntimeException e) {
            opened.close();
            throw e;
        }
    }

    public DbClient get(PortalSource source) {
        return clients.get(source);
    }

    @Override
    public void close() {
        clients.values().forEach(DbClient::close);
    }
}
