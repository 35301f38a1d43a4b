package lab.loadgen.config;

import java.util.Map;

/**
 * Which host name reaches an instance: an entry for the instance name, else for its app, else the
 * default. "{instance}", "{app}" and "{mode}" in the result are replaced, so compose can pass
 * --host '{instance}' when its services are named like the instances.
 */
public record HostResolver(String defaultHost, Map<String, String> overrides) {

    public HostResolver {
        overrides = overrides == null ? Map.of() : Map.copyOf(overrides);
    }

    public String hostOf(Instance i) {
        String host = overrides.getOrDefault(i.name(), overrides.getOrDefault(i.app(), defaultHost));
        return host.replace("{instance}", i.name()).replace("{app}", i.app()).replace("{mode}", i.mode());
    }

    public String baseUrl(Instance i) {
        return "http://" + hostOf(i) + ":" + i.port();
    }
}
