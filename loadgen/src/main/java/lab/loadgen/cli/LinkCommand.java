package lab.loadgen.cli;

import java.net.URI;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import lab.link.LabLink;
import lab.link.LabProxy;
import lab.link.Link;
import lab.link.LinkFile;
import lab.link.LinkProxy;
import lab.link.Toxiproxy;
import lab.loadgen.config.ComposeSources;
import lab.loadgen.config.InstancesConf;
import lab.loadgen.config.LabProxies;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code make link LINK=…}: the RTT of a running lab, changed through Toxiproxy's API (lab.link). */
@Command(name = "link", mixinStandardHelpOptions = true,
        description = "Show or change the link (RTT) between the running lab's apps and databases, without restarting anything.")
public final class LinkCommand implements Callable<Integer> {

    @Parameters(arity = "0..1", paramLabel = "LINK", description = "loopback | lan (0.19 ms RTT) | wan (78 ms) | <ms of RTT>; none = show")
    String link;

    @Option(names = "--toxiproxy", description = "toxiproxy API (default $TOXIPROXY_URL or " + Toxiproxy.DEFAULT_URL + ")")
    URI toxiproxy;

    @Option(names = "--run-dir", description = "where the link in force is recorded (default $RUN_DIR or .run)")
    Path runDir;

    @Option(names = "--record-only", description = "only record LINK (a lab started without proxies)")
    boolean recordOnly;

    @Option(names = "--name", description = "print the recorded link's name (nothing when none is recorded), and exit")
    boolean name;

    @Option(names = "--create", description = "first create every instance's proxies (instances.conf × the sources it reads)")
    boolean create;

    @Option(names = "--config", description = "print every proxy as toxiproxy-server's -config file (JSON), and exit")
    boolean config;

    @Option(names = "--listen-host", paramLabel = "HOST", defaultValue = LabProxy.HOST,
            description = "with --config: where the proxies listen (default ${DEFAULT-VALUE})")
    String listenHost;

    @Option(names = "--compose", description = "with --config: the proxies' upstreams as docker-compose.yml gives the "
            + "sources to the containers (as `sources --compose`)")
    boolean compose;

    @Option(names = "--instances", description = "instances.conf (default: found from the working directory)")
    Path instancesFile;

    @Override
    public Integer call() {
        Path dir = runDir != null ? runDir : LinkFile.runDir();
        if (name) {   // for scripts: the link in force, no parsing of the record
            LinkFile.read(dir).ifPresent(l -> System.out.println(l.name()));
            return 0;
        }
        Toxiproxy api = toxiproxy != null ? new Toxiproxy(toxiproxy) : Toxiproxy.fromEnv();
        if (config || create) {
            InstancesConf conf = InstancesConf.load(InstancesConf.locate(instancesFile));
            LabProxies proxies = new LabProxies(conf, compose ? ComposeSources.env(System.getenv()) : System.getenv());
            if (config) {
                System.out.print(proxies.toxiproxyConfig(listenHost));
                return 0;
            }
            proxies.all().forEach(api::proxy);
        }
        if (link != null) {
            Link asked = Link.parse(link);
            if (recordOnly) {
                LinkFile.write(dir, asked);
                return 0;
            }
            Link now = LabLink.change(api, dir, asked, new LabLinkCalibrator(System.getenv()));
            System.out.println("link: " + now + (now.equals(asked) ? "" : " (asked " + asked + "; the proxies stay in the path until 'make down')"));
        } else {
            System.out.println("link: " + LabLink.current(dir));
        }
        if (api.isUp()) {
            for (LinkProxy p : api.proxies()) {
                System.out.printf("  %-36s %-17s -> %-17s +%s ms RTT%s%n", p.name(), p.listen(), p.upstream(), Link.format(p.rttMs()),
                        p.enabled() ? "" : " (disabled)");
            }
        }
        return 0;
    }
}
