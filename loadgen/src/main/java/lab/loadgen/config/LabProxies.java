package lab.loadgen.config;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import lab.access.SourceUrl;
import lab.data.Sources;
import lab.link.LabProxy;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;

/**
 * Every instance's proxies, from instances.conf and the source URLs of the environment: one per
 * instance and source it reads ({@link Sources#of}), forwarding to that source's server. The one
 * place that says which proxy an instance's source goes through.
 */
public record LabProxies(InstancesConf conf, Map<String, String> env) {

    public List<LabProxy> all() {
        return conf.instances().stream().flatMap(i -> of(i).stream()).toList();
    }

    public List<LabProxy> of(Instance instance) {
        return Sources.of(instance.app()).stream().map(s -> {
            SourceUrl server = SourceUrl.parse(s.url(env));
            return new LabProxy(instance.name(), instance.port(), s.id(), s.number(), server.host() + ":" + server.port());
        }).toList();
    }

    /**
     * The instance's source URLs by env var, each pointing at its proxy on {@code proxyHost} instead of the
     * server (natively {@link LabProxy#HOST}; containers: the toxiproxy service, or the database node).
     */
    public Map<String, String> urls(Instance instance, String proxyHost) {
        Map<String, String> urls = new LinkedHashMap<>();
        for (Sources s : Sources.of(instance.app())) {
            LabProxy p = new LabProxy(instance.name(), instance.port(), s.id(), s.number(), "");
            urls.put(s.envVar, SourceUrl.parse(s.url(env)).at(proxyHost, p.port()).text());
        }
        return urls;
    }

    /**
     * Every proxy as toxiproxy-server's {@code -config} file wants it (a JSON array of name, listen,
     * upstream, enabled), listening on {@code listenHost}: how the containers' Toxiproxy starts with
     * the lab's proxies, and keeps them across a restart.
     */
    public String toxiproxyConfig(String listenHost) {
        JsonMapper mapper = JsonMapper.builder().build();
        ArrayNode array = mapper.createArrayNode();
        for (LabProxy p : all()) {
            array.addObject().put("name", p.name()).put("listen", p.listen(listenHost)).put("upstream", p.upstream())
                    .put("enabled", true);
        }
        return mapper.writerWithDefaultPrettyPrinter().writeValueAsString(array) + "\n";
    }
}
