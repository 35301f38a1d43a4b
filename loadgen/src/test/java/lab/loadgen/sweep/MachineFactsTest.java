package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

/** What a run records about where it ran, so that runs of two runtimes can be compared. */
class MachineFactsTest {

    @Test
    void aCapOfZeroIsNoCapSoNoCapsReadTheSameEverywhere() {
        assertEquals("none", MachineFacts.cpuCaps(""));
        assertEquals("none", MachineFacts.cpuCaps("databases=0 apps=0 loadgen=0"));
        assertEquals("none", MachineFacts.cpuCaps("databases=0.0 apps=0 loadgen=0"));
        assertEquals("databases=1.5 loadgen=2", MachineFacts.cpuCaps("databases=1.5 apps=0 loadgen=2"));
        assertNull(MachineFacts.cpuCaps(null));
    }

    @Test
    void serverSeriesFromTheVersionString() {
        assertEquals("MariaDB 10.11", LabSettings.series(false, "10.11.19-MariaDB-0+deb12u1"));
        assertEquals("MySQL 8.4", LabSettings.series(false, "8.4.3"));
        assertEquals("PostgreSQL 15", LabSettings.series(true, "15.18 (Debian 15.18-0+deb12u1)"));
        assertEquals("PostgreSQL 17", LabSettings.series(true, "17.2"));
    }
}
