package lab.loadgen.cli;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import lab.loadgen.config.HostResolver;
import lab.loadgen.config.InstancesConf;
import picocli.CommandLine.Option;

/** Where instances.conf is and which host reaches each instance (shared by sweep and dashboard). */
public final class TargetOptions {

    @Option(names = "--instances", paramLabel = "FILE",
            description = "instances.conf (default: $LAB_INSTANCES_CONF, else the first instances.conf in the working directory or a parent)")
    Path instancesFile;

    @Option(names = "--host", defaultValue = "127.0.0.1",
            description = "host of every instance (default ${DEFAULT-VALUE}); {instance}, {app}, {mode} are replaced, e.g. '{instance}' for compose service names")
    String host;

    @Option(names = "--instance-hosts",
            description = "reach each instance by its instance name (compose service names); same as --host '{instance}'")
    boolean instanceHosts;

    @Option(names = "--portal-host", description = "host of the portal instances (overrides --host)")
    String portalHost;

    @Option(names = "--shop-host", description = "host of the shop instances (overrides --host)")
    String shopHost;

    @Option(names = "--host-map", split = ",", paramLabel = "NAME=HOST",
            description = "hosts per instance or app name, e.g. portal-jdbc=10.0.0.5,shop=shop-box (most specific wins)")
    Map<String, String> hostMap = new LinkedHashMap<>();

    public InstancesConf conf() {
        return InstancesConf.load(InstancesConf.locate(instancesFile));
    }

    public HostResolver hosts() {
        Map<String, String> m = new LinkedHashMap<>();
        if (portalHost != null) {
            m.put("portal", portalHost);
        }
        if (shopHost != null) {
            m.put("shop", shopHost);
        }
        m.putAll(hostMap);
        return new HostResolver(instanceHosts ? "{instance}" : host, m);
    }
}
