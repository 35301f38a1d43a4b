package lab.loadgen.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.report.results.Interference;

/** The CPU meter on this machine's real /proc, with a real busy process standing in for an instance. */
class InterferenceMeterTest {

    @Test
    void aBusyInstanceIsChargedItsOwnCpu(@TempDir Path pids) throws Exception {
        Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            Files.writeString(pids.resolve("portal-jdbc.pid"), Long.toString(spin.pid()));
            InterferenceMeter meter = new InterferenceMeter(pids, "portal-jdbc", new CgroupCpu(null), true);
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(1000);
            Interference i = meter.stop(mark, 0.0);
            Interference charged = new InterferenceMeter(pids, "portal-jdbc", new CgroupCpu(null), false).stop(mark, 0.0);
            assertNotNull(i, "/proc is readable here");
            assertNotNull(i.instanceCpuPct());
            // a shell spinning for a second: most of a core, whatever else runs on two cores
            assertTrue(i.instanceCpuPct() > 20, "instance " + i.instanceCpuPct() + " % of a core");
            assertTrue(i.machineBusyPct() >= i.instanceCpuPct() - 5, i.toString());
            assertNull(i.detail(), "measured");
            assertNotNull(i.hostLoopMs(), "the machine's speed timed meanwhile");
            // where the kernel charges its network time to no process, a part of its own, not left in the
            // rest that flags a point; where it charged it to the processes, no second count
            assertNotNull(i.databaseCpuPct().get(InterferenceMeter.NETWORK), i.toString());
            assertFalse(charged.databaseCpuPct().containsKey(InterferenceMeter.NETWORK), charged.toString());
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void theOtherInstancesCpuLeavesOutTheMeasuredOneTheLinkAndTheDatabases(@TempDir Path pids) throws Exception {
        try (SpinAndIdle p = SpinAndIdle.start()) {
            Files.writeString(pids.resolve("portal-jdbc.pid"), Long.toString(p.spin().pid()));
            Files.writeString(pids.resolve("toxiproxy.pid"), Long.toString(p.spin().pid()));
            Files.writeString(pids.resolve("shop-virtual.pid"), Long.toString(p.idle().pid()));
            InterferenceMeter measuringJdbc = new InterferenceMeter(pids, "portal-jdbc", new CgroupCpu(null));
            InterferenceMeter measuringShop = new InterferenceMeter(pids, "shop-virtual", new CgroupCpu(null));
            double quietBefore = measuringJdbc.othersSec();
            double busyBefore = measuringShop.othersSec();
            Thread.sleep(500);
            assertTrue(measuringJdbc.othersSec() - quietBefore < 0.05, "only a sleeping process besides the measured one and the link");
            assertTrue(measuringShop.othersSec() - busyBefore > 0.1, "the spinning portal-jdbc is another instance here");
            assertNull(new InterferenceMeter(pids.resolve("none"), "portal-jdbc", new CgroupCpu(null)).othersSec(),
                    "no PID files and no groups: unknown");
        }
    }

    @Test
    void theBackgroundAtRestIsWhatOthersTakeAndTheFlagLooksBeyondIt(@TempDir Path pids) throws Exception {
        try (SpinAndIdle p = SpinAndIdle.start()) {
            Files.writeString(pids.resolve("portal-jdbc.pid"), Long.toString(p.idle().pid()));
            Files.writeString(pids.resolve("shop-virtual.pid"), Long.toString(p.spin().pid()));
            InterferenceMeter meter = new InterferenceMeter(pids, "portal-jdbc", new CgroupCpu(null));
            Double atRest = meter.atRest(java.time.Duration.ofMillis(500));
            assertNotNull(atRest);
            assertTrue(atRest > 20, "another instance spinning is the background here: " + atRest);
            InterferenceMeter.Mark mark = meter.beyond(atRest).start();
            Thread.sleep(300);
            Interference i = meter.beyond(atRest).stop(mark, 0.0);
            assertEquals(atRest, i.backgroundPct());
            assertNull(meter.stop(mark, 0.0).backgroundPct(), "none measured: the limit alone");
            assertNull(new InterferenceMeter(pids.resolve("none"), "portal-jdbc", new CgroupCpu(null)).atRest(java.time.Duration.ofMillis(200)),
                    "the lab's processes cannot be told from others: no background");
        }
    }

    /** A shell spinning on a core and a sleeping process, standing in for a busy and an idle instance. */
    private record SpinAndIdle(Process spin, Process idle) implements AutoCloseable {
        static SpinAndIdle start() throws java.io.IOException {
            return new SpinAndIdle(new ProcessBuilder("sh", "-c", "while :; do :; done").start(), new ProcessBuilder("sleep", "30").start());
        }

        @Override
        public void close() throws InterruptedException {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            idle.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void withoutPidFilesTheFigureIsUnmeasuredNotAFlag(@TempDir Path pids) throws Exception {
        Process spin = new ProcessBuilder("sh", "-c", "while :; do :; done").start();
        try {
            InterferenceMeter meter = new InterferenceMeter(pids.resolve("none"), "portal-jdbc", new CgroupCpu(null));
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(500);
            Interference i = meter.stop(mark, 0.0);
            assertFalse(i.flagged(), "a busy machine whose lab processes cannot be told apart is not flagged: " + i);
            assertTrue(i.detail().startsWith("unmeasured"), i.detail());
            assertTrue(i.unaccountedCpuPct() > 20, "the spinning shell lands in the rest: " + i);
        } finally {
            spin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void eachPartIsReadFromItsCgroupChildrenIncluded() throws Exception {
        Path mount = cgroup2Mount();
        org.junit.jupiter.api.Assumptions.assumeTrue(mount != null && Files.isWritable(mount), "no writable cgroup2 here");
        Path root = mount.resolve("asyncdb-lab-test-" + ProcessHandle.current().pid());
        Path instance = Files.createDirectories(root.resolve("portal-jdbc"));
        Path db = Files.createDirectories(root.resolve("postgresql"));
        // the "database" spins in a child of the process put in its group: a forked backend
        Process server = new ProcessBuilder("sh", "-c", "sleep 0.3; sh -c 'while :; do :; done' & wait").start();
        Process app = new ProcessBuilder("sh", "-c", "sleep 0.3; while :; do :; done").start();
        try {
            Files.writeString(db.resolve("cgroup.procs"), Long.toString(server.pid()));
            Files.writeString(instance.resolve("cgroup.procs"), Long.toString(app.pid()));
            Thread.sleep(400);
            InterferenceMeter meter = new InterferenceMeter(null, "portal-jdbc", new CgroupCpu(root));
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(1000);
            Interference i = meter.stop(mark, 0.0);
            assertTrue(i.instanceCpuPct() > 20, i.toString());
            assertTrue(i.databaseCpuPct().get("postgresql") > 20, "the forked child counts for its server: " + i);
            assertNull(i.detail());
        } finally {
            server.descendants().forEach(ProcessHandle::destroyForcibly);
            server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            app.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            Thread.sleep(200);
            Files.deleteIfExists(instance);
            Files.deleteIfExists(db);
            Files.deleteIfExists(root);
        }
    }

    @Test
    void inContainersEachPartIsReadFromItsContainersGroups(@TempDir Path runDir) throws Exception {
        Path mount = cgroup2Mount();
        org.junit.jupiter.api.Assumptions.assumeTrue(mount != null && Files.isWritable(mount)
                && mount.startsWith(CgroupCpu.HOST_CGROUP), "no writable cgroup2 under /sys/fs/cgroup here");
        // as Docker puts containers: one group each, named by container, not by the lab's part
        Path parent = mount.resolve("asyncdb-lab-test-containers-" + ProcessHandle.current().pid());
        Path app = Files.createDirectories(parent.resolve("c1"));
        Path db1 = Files.createDirectories(parent.resolve("c2"));
        Path db2 = Files.createDirectories(parent.resolve("c3"));
        Path file = Files.writeString(runDir.resolve(CgroupCpu.CONTAINERS),
                "portal-jdbc " + parent + "/c1/cpu.stat\nmariadb " + parent + "/c2/cpu.stat\nmariadb " + parent
                        + "/c3/cpu.stat\ngone " + parent + "/c4/cpu.stat\nescape /sys/fs/cgroup/../../proc/stat\n");
        Process appSpin = new ProcessBuilder("sh", "-c", "sleep 0.3; while :; do :; done").start();
        Process dbSpin = new ProcessBuilder("sh", "-c", "sleep 0.3; while :; do :; done").start();
        try {
            Files.writeString(app.resolve("cgroup.procs"), Long.toString(appSpin.pid()));
            Files.writeString(db2.resolve("cgroup.procs"), Long.toString(dbSpin.pid()));
            Thread.sleep(400);
            CgroupCpu groups = new CgroupCpu(mount.resolve(CgroupCpu.LAB), file, Path.of(CgroupCpu.HOST_CGROUP));
            assertEquals(java.util.Set.of("portal-jdbc", "mariadb"), groups.usageSec().keySet(),
                    "a container gone is left out, and nothing outside the host's cgroups is read");
            InterferenceMeter meter = new InterferenceMeter(null, "portal-jdbc", groups);
            InterferenceMeter.Mark mark = meter.start();
            Thread.sleep(1000);
            Interference i = meter.stop(mark, 0.0);
            assertNull(i.detail(), "measured: " + i);
            assertTrue(i.instanceCpuPct() > 20, i.toString());
            assertTrue(i.databaseCpuPct().get("mariadb") > 20, "the servers' containers add up: " + i);
        } finally {
            appSpin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            dbSpin.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            Thread.sleep(200);
            for (Path g : new Path[] {app, db1, db2, parent}) {
                Files.deleteIfExists(g);
            }
        }
    }

    @Test
    void cgroupV1ContainersAreReadFromTheirCpuacctUsageWhereTheHostsGroupsAreMounted(@TempDir Path dir) throws Exception {
        // Docker on cgroup v1 (cgroupfs): the loadgen container sees the host's /sys/fs/cgroup at $LAB_HOST_CGROUP
        Path host = Files.createDirectories(dir.resolve("host-cgroup"));
        Path group = Files.createDirectories(host.resolve("cpuacct/docker/abc"));
        Files.writeString(group.resolve("cpuacct.usage"), "2500000000\n");
        Path file = Files.writeString(dir.resolve(CgroupCpu.CONTAINERS),
                "shop-jdbc /sys/fs/cgroup/cpuacct/docker/abc/cpuacct.usage\n");
        assertEquals(java.util.Map.of("shop-jdbc", 2.5), new CgroupCpu(null, file, host).usageSec());
    }

    private static Path cgroup2Mount() throws java.io.IOException {
        try (var lines = Files.lines(Path.of("/proc/mounts"))) {
            return lines.map(l -> l.split(" ")).filter(f -> f.length > 2 && f[2].equals("cgroup2"))
                    .map(f -> Path.of(f[1])).findFirst().orElse(null);
        }
    }

    @Test
    void othersFlagARepetitionOnlyWhereTheyTookCpuItCouldHaveUsed() {
        // a compose smoke point: idle JVMs and Docker's daemons at 24 % of a core, the machine at 80 % of 200
        assertFalse(Interference.contended(24.0, null, 80.0, 2), "the machine had CPU to spare");
        // the map's portal at 0 ms: the previous mode's instance at 11.5 % while the machine was full
        assertTrue(Interference.contended(11.5, null, 199.2, 2));
        assertTrue(Interference.contended(24.0, null, 180.0, 2), "20 % idle, 24 % taken: some came out of the step's share");
        assertFalse(Interference.contended(9.0, null, 200.0, 2), "under the limit");
        assertTrue(Interference.contended(24.0, null, null, 2), "busy time unknown: the limit alone");
        assertTrue(ProcCpu.cores() >= 1, "/proc/stat's cpuN lines");
    }

    @Test
    void theKernelsConfigSaysWhetherInterruptTimeIsChargedToNoProcess() {
        assertEquals(Boolean.TRUE, ProcCpu.irqTimeAccounted("CONFIG_TICK_CPU_ACCOUNTING=y\nCONFIG_IRQ_TIME_ACCOUNTING=y\n"));
        // this machine's kernel: tick accounting alone
        assertEquals(Boolean.FALSE, ProcCpu.irqTimeAccounted(
                "CONFIG_TICK_CPU_ACCOUNTING=y\n# CONFIG_VIRT_CPU_ACCOUNTING_GEN is not set\n# CONFIG_IRQ_TIME_ACCOUNTING is not set\n"));
        assertNull(ProcCpu.irqTimeAccounted("CONFIG_HAVE_IRQ_TIME_ACCOUNTING=y\n"), "what the architecture could do is no answer");
        assertNull(ProcCpu.irqTimeAccounted(null));
    }

    @Test
    void machineBusyTimeOnlyGrows() throws Exception {
        Double before = ProcCpu.machineBusySec();
        Thread.sleep(50);
        Double after = ProcCpu.machineBusySec();
        assertNotNull(before);
        assertTrue(after >= before);
        assertNotNull(ProcCpu.processSec(ProcessHandle.current().pid()));
        assertNull(ProcCpu.processSec(Long.MAX_VALUE), "a process that does not exist");
    }
}
