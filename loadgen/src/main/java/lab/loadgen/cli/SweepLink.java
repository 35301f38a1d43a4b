package lab.loadgen.cli;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

import lab.link.LabLink;
import lab.link.Link;
import lab.link.LinkFile;
import lab.link.Toxiproxy;
import lab.loadgen.sweep.LinkControl;

/**
 * The running lab's link for PROFILE=latency: {@link LabLink#change} through Toxiproxy's API, the
 * same as {@code make link}, lan calibrated by measuring (the lab must run through proxies:
 * {@code make up LINK=0}).
 */
final class SweepLink {

    private SweepLink() {
    }

    static LinkControl control(Toxiproxy api, Path runDir) {
        return new LinkControl() {
            @Override
            public void setRttMs(double rttMs) {
                LabLink.change(api, runDir, Link.parse(millis(rttMs)), new LabLinkCalibrator(System.getenv()));
            }

            @Override
            public Map<String, Double> calibrated() {
                return LinkFile.calibrated(runDir);
            }
        };
    }

    static LinkControl lab() {
        return control(Toxiproxy.fromEnv(), LinkFile.runDir());
    }

    private static String millis(double rtt) {
        return rtt == Math.rint(rtt) ? String.valueOf((long) rtt) : String.format(Locale.ROOT, "%s", rtt);
    }
}
