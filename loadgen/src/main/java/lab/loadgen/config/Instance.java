package lab.loadgen.config;

/** One row of instances.conf: an instance of an app running one access mode on one port. */
public record Instance(String name, String app, String mode, int port,
                       String healthPath, String metricsPath, String page) {

    /** Whether the instance exposes Prometheus metrics ("-" in the file means none). */
    public boolean hasMetrics() {
        return metricsPath != null && !metricsPath.equals("-");
    }

    /** The path the load tools request: the thesis' single load URI per app. */
    public String loadUri() {
        return app.equals("shop") ? "/mix" : "/";
    }
}
