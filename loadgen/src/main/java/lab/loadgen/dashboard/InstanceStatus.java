package lab.loadgen.dashboard;

import lab.loadgen.config.Instance;

/**
 * An instance as the home page shows it: live health (or frozen, while a load test measures another
 * alone) and the links a browser can follow.
 *
 * @param pageUrl    the app's page as the browser reaches it
 * @param metricsUrl its Prometheus metrics as the browser reaches them
 * @param checked    the URL the server checked for health
 */
public record InstanceStatus(Instance instance, boolean up, boolean frozen, String detail, String pageUrl, String metricsUrl,
                             String healthUrl, String checked) {
}
