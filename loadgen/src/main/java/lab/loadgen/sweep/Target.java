package lab.loadgen.sweep;

import lab.loadgen.config.Instance;

/** An instance and the host name that reaches it from here. */
public record Target(Instance instance, String host) {

    public String baseUrl() {
        return "http://" + host + ":" + instance.port();
    }

    public String loadUrl() {
        return baseUrl() + instance.loadUri();
    }
}
