package lab.loadgen.faults;

import java.util.List;
import lab.link.LinkProxy;
import lab.link.Toxiproxy;
import lab.loadgen.config.Instance;

/** Puts one fault on one instance's path to its databases, and takes it away again. */
final class Injector {

    static final long SPIKE_MS = 2_000;
    static final long BANDWIDTH_KBPS = 1;

    private final Toxiproxy toxiproxy;
    private final Servers servers;

    Injector(Toxiproxy toxiproxy, Servers servers) {
        this.toxiproxy = toxiproxy;
        this.servers = servers;
    }

    /** The instance's proxies, named {@code <instance>--<source>} by {@code make up LINK=…}. */
    List<LinkProxy> proxiesOf(Instance instance) {
        if (!toxiproxy.isUp()) {
            throw new IllegalStateException("no Toxiproxy at " + toxiproxy.url() + ": faults b-e need a lab with proxies;"
                    + " start one with 'make up LINK=0' (or run only FAULTS=a,f)");
        }
        List<LinkProxy> mine = toxiproxy.proxies().stream().filter(p -> p.name().startsWith(instance.name() + "--")).toList();
        if (mine.isEmpty()) {
            throw new IllegalStateException("Toxiproxy has no proxies for " + instance.name() + ": restart the lab with 'make up LINK=0'");
        }
        return mine;
    }

    /** Injects the fault; returns how many sessions it killed for {@link Fault#KILL}, null for the others. */
    Integer inject(Fault fault, Instance instance) throws Exception {
        switch (fault) {
            case SERVER_STOP -> servers.stopMysql();
            case KILL -> {
                return servers.killSessions(instance.app());
            }
            default -> {
                for (LinkProxy p : proxiesOf(instance)) {
                    switch (fault) {
                        case SILENT -> p.silent();
                        case RESET -> p.resetPeer(0);
                        case LATENCY -> p.latencySpike(SPIKE_MS);
                        case BANDWIDTH -> p.bandwidth(BANDWIDTH_KBPS);
                        default -> throw new IllegalStateException(fault.name());
                    }
                }
            }
        }
        return null;
    }

    void clear(Fault fault, Instance instance) throws Exception {
        switch (fault) {
            case SERVER_STOP -> servers.startMysql();
            case KILL -> {
                // one-shot: nothing to undo
            }
            default -> proxiesOf(instance).forEach(LinkProxy::clearFaults);
        }
    }
}
