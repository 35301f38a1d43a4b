package lab.link;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The link of a running lab ({@code make up LINK=…}, {@code make link LINK=…}): the same RTT on
 * every proxy of the lab's toxiproxy-server, recorded in {@link LinkFile} for the dashboard, the
 * apps' pages and loadgen results (with what the calibration of a link below 1 ms measured).
 */
public final class LabLink {

    /** Calibrates one proxy to a link below a millisecond by measuring through it ({@link LinkCalibration}). */
    @FunctionalInterface
    public interface Calibrator {
        LinkCalibration.Result calibrate(LinkProxy proxy, Link link);
    }

    /** What {@code loopback} becomes on a lab that runs through proxies: they stay, with no added latency. */
    static final Link NO_ADDED_LATENCY = new Link("0", 0);

    private LabLink() {
    }

    /** The link recorded for the running lab; loopback when none is. */
    public static Link current(Path runDir) {
        return LinkFile.read(runDir).orElse(Link.LOOPBACK);
    }

    /**
     * Sets {@code asked} on every proxy of {@code api} and records it; returns the link now in
     * force. A lab without proxies can only be loopback; a lab with proxies cannot drop them
     * without a restart, so loopback there means 0 ms added.
     */
    public static Link change(Toxiproxy api, Path runDir, Link asked) {
        return change(api, runDir, asked, null);
    }

    /**
     * As {@link #change(Toxiproxy, Path, Link)}; a link below a millisecond is calibrated with
     * {@code calibrator} (when not null) on the first proxy to each server, and the toxic found
     * is set on every other proxy to that server (same hop, same machine).
     */
    public static Link change(Toxiproxy api, Path runDir, Link asked, Calibrator calibrator) {
        if (!api.isUp()) {
            if (asked.proxied()) {
                throw new IllegalStateException("no toxiproxy-server answers at " + api.url()
                        + ": the lab runs without proxies (LINK=loopback); 'make down', then 'make up LINK=" + asked.name() + "'");
            }
            LinkFile.write(runDir, asked);
            return asked;
        }
        List<LinkProxy> proxies = api.proxies();
        if (proxies.isEmpty()) {
            throw new IllegalStateException("toxiproxy-server at " + api.url() + " has no proxies; start the lab with 'make up LINK=…'");
        }
        Link effective = asked.proxied() ? asked : NO_ADDED_LATENCY;
        Map<String, Double> added = new LinkedHashMap<>();
        if (calibrator != null && effective.needsCalibration()) {
            Map<String, List<LinkProxy>> byServer = new LinkedHashMap<>();
            proxies.forEach(p -> byServer.computeIfAbsent(p.upstream(), k -> new ArrayList<>()).add(p));
            byServer.values().forEach(same -> {
                LinkCalibration.Result r = calibrator.calibrate(same.getFirst(), effective);
                added.put(LabProxy.sourceOf(same.getFirst().name()), r.addedMs());
                same.forEach(p -> p.rttOnReplies(Math.round(r.toxicMs() * 1000)));
            });
        } else {
            for (LinkProxy p : proxies) {
                p.set(effective);
            }
        }
        LinkFile.write(runDir, effective, added);
        return effective;
    }
}
