package lab.loadgen.cli;

import lab.loadgen.sweep.LinkControl;

/** The lab's link for PROFILE=latency: the link module's Toxiproxy control of the running lab. */
final class LabLink {

    private LabLink() {
    }

    static LinkControl control() {
        // INTERIM until the link module (lab.link) is on main
        return LinkControl.unavailable("no link control in this build: the link module (lab.link, Toxiproxy) is "
                + "not on main yet; start the lab with `make up LINK=0` once it is");
    }
}
