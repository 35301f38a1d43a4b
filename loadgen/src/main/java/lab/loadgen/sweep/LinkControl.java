package lab.loadgen.sweep;

import java.util.Map;

/** Sets the round trip of the lab's app→database link between points (PROFILE=latency). */
public interface LinkControl {

    /** Puts {@code rttMs} in force on every proxy of the lab (0: through the proxies, no added latency). */
    void setRttMs(double rttMs) throws Exception;

    /**
     * What the calibration of the link now in force measured it to add per query over loopback,
     * per database server (by source id); empty when it was not calibrated (1 ms and more).
     */
    default Map<String, Double> calibrated() {
        return Map.of();
    }

    /** A lab without a controllable link: every point that asks for an RTT fails with {@code why}. */
    static LinkControl unavailable(String why) {
        return rtt -> {
            throw new IllegalStateException(why);
        };
    }
}
