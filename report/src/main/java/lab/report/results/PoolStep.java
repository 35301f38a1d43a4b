package lab.report.results;

import java.util.Map;

/**
 * One pool size measured by PROFILE=pools for one mode at one scenario (app, link, level): the
 * instance restarted with {@code poolPerSource} connections per database source, warmed up and
 * measured with the map's repetitions and flags. The step at the map's pool is the scenario's own
 * point (no restart); the pipelining reference is recorded as a step of its own mode.
 *
 * @param poolPerSource the pool the instance was started with (PORTAL_POOL_SIZE / SHOP_DB_POOL_SIZE)
 * @param point         the measured point (median of its repetitions, with spread and flags); null
 *                      when the restart failed ({@code error})
 * @param servers       what the database servers carried while the instance held this pool, by server
 *                      ({@code mysql}, {@code postgresql}); null where it was not sampled
 * @param restartSec    from the restart request to the instance healthy with the new pool (its JVM's
 *                      start-up and the pool's opening); null for the map's pool (no restart)
 * @param error         why the step has no figures, or null
 */
public record PoolStep(String app, String mode, String instance, Double rttMs, int concurrency, int poolPerSource,
                       Point point, Map<String, ServerLoad> servers, Double restartSec, String error) {

    /** A pool keeps up when its mode serves at least this share of the pipelining mode's goodput at the same load. */
    public static final double KEEPS_UP_SHARE = 0.9;

    /**
     * Whether {@code step} keeps up with {@code reference} (the pipelining mode at the same scenario):
     * both measured without failure, and the step's goodput (median) at least {@link #KEEPS_UP_SHARE}
     * of the reference's.
     */
    public static boolean keepsUp(Point step, Point reference) {
        if (step == null || reference == null || step.error() != null || reference.error() != null
                || step.requestsPerSec() == null || reference.requestsPerSec() == null) {
            return false;
        }
        return step.requestsPerSec() >= KEEPS_UP_SHARE * reference.requestsPerSec();
    }

    /**
     * One database server while the step's instance held its pool, sampled right after its repetitions.
     *
     * @param connections  client connections the server had open (PostgreSQL: client backends in
     *                     pg_stat_activity; MariaDB: Threads_connected), every lab instance's included
     * @param memoryMb     PostgreSQL: the proportional set size of its processes (smaps_rollup Pss),
     *                     the postmaster's shared buffers shared out among them; MariaDB: its own
     *                     Memory_used status; null where it could not be read
     * @param maxConnections the server's max_connections
     * @param error        why a figure is missing, or null
     */
    public record ServerLoad(Integer connections, Double memoryMb, Integer maxConnections, String error) {
    }
}
