package lab.loadgen.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

import lab.report.results.Interference;

/**
 * Who used the CPU while a repetition ran: the measured instance, the link (toxiproxy), the database
 * servers, the kernel's network (interrupts and softirqs, where the kernel charges them to no process:
 * {@link ProcCpu#irqTimeAccounted()}; elsewhere they are inside the parts already), the other lab
 * instances, and the rest of the machine's busy time after those, the load tool and loadgen itself. Each part is read from its cgroup v2 group where the lab has them
 * ({@link CgroupCpu}: every process and child of that part, PostgreSQL's forked backends included),
 * else from /proc by the lab's PID files and the database servers' process names. Usage:
 * {@code Mark m = start(); ... run ...; stop(m, toolCpuSec)}.
 */
public final class InterferenceMeter {

    /** Database server processes by command name, and the name they are reported under. */
    static final Map<String, String> DATABASES = Map.of("mariadbd", "mariadb", "mysqld", "mariadb", "postgres", "postgresql");
    /** The part for the machine's interrupts and softirqs: the kernel's side of the measured path's network. */
    static final String NETWORK = "kernel network (irq, softirq)";

    private final Path pidsDir;
    private final String measured;
    private final CgroupCpu groups;
    /** The kernel's interrupt time is a part of its own: charged to no process, so in none of the others. */
    private final boolean networkApart;
    /** Others' CPU at rest, % of a core ({@link #atRest}), taken off before the flag's limit; null: none. */
    private final Double backgroundPct;

    /**
     * Where the CPU times stood when a repetition started; {@code groupSec} per lab group (empty: none);
     * the machine's speed sampled meanwhile ({@code speed}, null: not timed).
     */
    public record Mark(long nanos, Double machineSec, Double interruptSec, Double selfSec, Map<Long, Double> procSec,
                       Map<Long, String> dbs, Map<String, Long> instances, Map<String, Double> groupSec, SpeedProbe speed) {
    }

    /**
     * @param pidsDir  the lab's PID files ({@code <instance>.pid}); may be missing (containers, remote)
     * @param measured the instance under load
     */
    public InterferenceMeter(Path pidsDir, String measured) {
        this(pidsDir, measured, CgroupCpu.lab());
    }

    InterferenceMeter(Path pidsDir, String measured, CgroupCpu groups) {
        // unknown (no kernel config to read): apart, as distributions' kernels usually keep it (Ubuntu's do)
        this(pidsDir, measured, groups, ProcCpu.irqTimeAccounted() != Boolean.FALSE);
    }

    InterferenceMeter(Path pidsDir, String measured, CgroupCpu groups, boolean networkApart) {
        this(pidsDir, measured, groups, networkApart, null);
    }

    private InterferenceMeter(Path pidsDir, String measured, CgroupCpu groups, boolean networkApart, Double backgroundPct) {
        this.pidsDir = pidsDir;
        this.measured = measured;
        this.groups = groups;
        this.networkApart = networkApart;
        this.backgroundPct = backgroundPct;
    }

    /** This meter, flagging only what others take beyond {@code atRestPct} ({@link Interference#background}). */
    public InterferenceMeter beyond(Double atRestPct) {
        return new InterferenceMeter(pidsDir, measured, groups, networkApart, atRestPct);
    }

    /**
     * Others' CPU (the lab's instances but the measured one, and the rest of the machine: its
     * daemons, the kernel's housekeeping) over {@code window} while nothing is measured, % of a
     * core; null where it cannot be told ({@link #stop}'s {@code detail}).
     */
    public Double atRest(java.time.Duration window) throws InterruptedException {
        Mark mark = start();
        Thread.sleep(window);
        Interference rest = stop(mark, 0.0);
        return rest == null || rest.detail() != null ? null : round(rest.otherPct());
    }

    public Mark start() {
        Map<String, Double> groupSec = groups.usageSec();
        if (groupSec.containsKey(measured)) {
            return new Mark(System.nanoTime(), ProcCpu.machineBusySec(), ProcCpu.interruptSec(),
                    ProcCpu.processSec(ProcessHandle.current().pid()), Map.of(), Map.of(), Map.of(), groupSec, SpeedProbe.start());
        }
        Map<String, Long> instances = instancePids();
        Map<Long, String> dbs = ProcCpu.byName(DATABASES.keySet());
        Map<Long, Double> proc = new HashMap<>();
        instances.values().forEach(pid -> put(proc, pid));
        dbs.keySet().forEach(pid -> put(proc, pid));
        return new Mark(System.nanoTime(), ProcCpu.machineBusySec(), ProcCpu.interruptSec(),
                ProcCpu.processSec(ProcessHandle.current().pid()), proc, dbs, instances, Map.of(), SpeedProbe.start());
    }

    private static void put(Map<Long, Double> proc, long pid) {
        Double s = ProcCpu.processSec(pid);
        if (s != null) {
            proc.put(pid, s);
        }
    }

    /** @param toolCpuSec the load tool's CPU seconds over the repetition (null: unknown) */
    public Interference stop(Mark m, Double toolCpuSec) {
        Double loopMs = m.speed() == null ? null : m.speed().stop();
        double wall = (System.nanoTime() - m.nanos()) / 1e9;
        Double machineNow = ProcCpu.machineBusySec();
        if (m.machineSec() == null || machineNow == null || wall <= 0) {
            return null;
        }
        Double instancePct = null;
        Map<String, Double> others = new TreeMap<>();
        Map<String, Double> links = new TreeMap<>();
        double accounted = 0;
        // per part, % of a core: from the groups, or from the PID files (instances, toxiproxy) and /proc (databases)
        Map<String, Double> parts = new TreeMap<>();
        if (!m.groupSec().isEmpty()) {
            Map<String, Double> now = groups.usageSec();
            m.groupSec().forEach((g, before) -> {
                Double after = now.get(g);
                if (after != null) {
                    parts.put(g, Math.max(0, after - before) / wall * 100);
                }
            });
        } else {
            m.instances().forEach((name, pid) -> {
                Double pct = pct(m, pid, wall);
                if (pct != null) {
                    parts.put(name, pct);
                }
            });
        }
        Map<String, Double> dbs = new TreeMap<>();
        for (Map.Entry<String, Double> e : parts.entrySet()) {
            Double pct = e.getValue();
            accounted += pct;
            switch (partOf(e.getKey())) {
                case DATABASE -> dbs.merge(e.getKey(), pct, Double::sum);
                case LINK -> links.merge("toxiproxy (link)", pct, Double::sum); // part of the measured path, like the databases
                case MEASURED -> instancePct = pct;
                case OTHER_INSTANCE -> others.put(e.getKey(), pct);
            }
        }
        // the kernel's network processing (loopback between load tool, app, proxy and servers) runs in
        // softirqs: where they are charged to no process, a part of the measured path of its own, not of
        // the rest; where tick accounting charged them to the process they interrupted, counting them
        // again would count them twice (the map's rest then read -0.2 ms a page, the part +0.2)
        Double interruptNow = ProcCpu.interruptSec();
        if (networkApart && m.interruptSec() != null && interruptNow != null) {
            double pct = Math.max(0, interruptNow - m.interruptSec()) / wall * 100;
            links.put(NETWORK, pct);
            accounted += pct;
        }
        dbs.putAll(links);
        for (Map.Entry<Long, String> e : m.dbs().entrySet()) {
            Double pct = pct(m, e.getKey(), wall);
            if (pct != null) {
                dbs.merge(DATABASES.get(e.getValue()), pct, Double::sum);
                accounted += pct;
            }
        }
        dbs.replaceAll((k, v) -> round(v));
        Double selfNow = ProcCpu.processSec(ProcessHandle.current().pid());
        if (selfNow != null && m.selfSec() != null) {
            accounted += (selfNow - m.selfSec()) / wall * 100;
        }
        accounted += toolCpuSec == null ? 0 : toolCpuSec / wall * 100;
        double busyPct = (machineNow - m.machineSec()) / wall * 100;
        // as measured, not clamped: a negative rest says the per-process figures overlap the machine's
        double rest = busyPct - accounted;
        boolean measured = !m.instances().isEmpty() || !m.groupSec().isEmpty();
        // without groups or PID files (containers, other hosts) the lab's own processes cannot be told
        // from others: the figure is unmeasured, never a flag
        String detail = measured ? null : "unmeasured: no cgroups of the lab and no PID files in " + pidsDir
                + ", so the lab's own processes cannot be told from others";
        return new Interference(instancePct == null ? null : round(instancePct), dbs, round(others), round(rest),
                round(busyPct), measured && Interference.contended(Interference.otherPct(others, rest), backgroundPct, busyPct,
                ProcCpu.cores()), detail, loopMs, backgroundPct);
    }

    /**
     * CPU seconds used so far, read in one pass (the groups once, else the PID files once): the
     * measured instance's ({@code instanceSec}) and the lab's other instances' together
     * ({@code othersSec}: every part but the measured instance, the database servers and the link).
     * Each is null where neither the groups nor the PID files tell it apart (containers without
     * groups, another host).
     */
    public record Usage(Double instanceSec, Double othersSec) {
    }

    public Usage usage() {
        Map<String, Double> groupSec = groups.usageSec();
        if (groupSec.containsKey(measured)) {
            return new Usage(groupSec.get(measured), groupSec.entrySet().stream().filter(e -> isOtherInstance(e.getKey()))
                    .mapToDouble(Map.Entry::getValue).sum());
        }
        Map<String, Long> pids = instancePids();
        if (pids.isEmpty()) {
            return new Usage(null, null);
        }
        Double instance = null;
        double others = 0;
        for (Map.Entry<String, Long> e : pids.entrySet()) {
            Part part = partOf(e.getKey());
            if (part == Part.MEASURED) {
                instance = ProcCpu.processSec(e.getValue());
            } else if (part == Part.OTHER_INSTANCE) {
                Double sec = ProcCpu.processSec(e.getValue());
                others += sec == null ? 0 : sec;
            }
        }
        return new Usage(instance, others);
    }

    /** {@link Usage#othersSec} alone. */
    public Double othersSec() {
        return usage().othersSec();
    }

    private boolean isOtherInstance(String part) {
        return partOf(part) == Part.OTHER_INSTANCE;
    }

    /** What a part (a group, or an instance's PID file) is to the measured instance. */
    private enum Part { MEASURED, DATABASE, LINK, OTHER_INSTANCE }

    private Part partOf(String name) {
        return name.equals(measured) ? Part.MEASURED
                : DATABASES.containsValue(name) ? Part.DATABASE
                : name.startsWith("toxiproxy") ? Part.LINK
                : Part.OTHER_INSTANCE;
    }

    private static Double pct(Mark m, long pid, double wall) {
        Double before = m.procSec().get(pid);
        Double now = ProcCpu.processSec(pid);
        return before == null || now == null ? null : Math.max(0, now - before) / wall * 100;
    }

    private Map<String, Long> instancePids() {
        Map<String, Long> out = new LinkedHashMap<>();
        if (pidsDir == null || !Files.isDirectory(pidsDir)) {
            return out;
        }
        try (var files = Files.list(pidsDir)) {
            files.filter(f -> f.getFileName().toString().endsWith(".pid")).sorted().forEach(f -> {
                try {
                    String name = f.getFileName().toString().replaceFirst("\\.pid$", "");
                    out.put(name, Long.parseLong(Files.readString(f).strip()));
                } catch (IOException | NumberFormatException e) {
                    // a PID file being rewritten: that instance is left out of this repetition
                }
            });
        } catch (IOException e) {
            return out;
        }
        return out;
    }

    private static Map<String, Double> round(Map<String, Double> m) {
        Map<String, Double> out = new TreeMap<>();
        m.forEach((k, v) -> out.put(k, round(v)));
        return out;
    }

    private static double round(double v) {
        return Math.round(v * 10.0) / 10.0;
    }
}
