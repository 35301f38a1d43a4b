package lab.loadgen.tool;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import lab.loadgen.metrics.ProcCpu;

/**
 * Runs one or more commands at once (several httperf processes make one point), collects what each
 * printed (stdout and stderr together), measures their CPU and kills them past a time limit.
 * Processes still running when the JVM is interrupted are killed by {@link #killAll()}.
 */
public final class ProcessRunner {

    private final Set<Process> running = ConcurrentHashMap.newKeySet();

    /**
     * What the commands printed, in order, with wall time and their CPU seconds (null if unknown).
     *
     * @param exitCodes each command's exit status, in order (one killed past the limit has its signal's)
     */
    public record Outcome(List<String> outputs, List<Integer> exitCodes, double wallSec, Double cpuSec, boolean timedOut) {

        /** Every command ended by itself with status 0: the contract with a command, never the text it printed. */
        public boolean succeeded() {
            return !timedOut && exitCodes.stream().allMatch(c -> c != null && c == 0);
        }
    }

    public Outcome run(List<List<String>> commands, Duration limit) throws InterruptedException {
        Double cpuBefore = ProcCpu.childrenSec();
        long start = System.nanoTime();
        List<Process> processes = new ArrayList<>();
        try (ExecutorService readers = Executors.newVirtualThreadPerTaskExecutor()) {
            try {
                List<Future<String>> outputs = new ArrayList<>();
                for (List<String> command : commands) {
                    Process p = start(command);
                    processes.add(p);
                    outputs.add(readers.submit(() -> readAll(p.getInputStream())));
                }
                boolean timedOut = waitAll(processes, start + limit.toNanos());
                List<String> texts = new ArrayList<>();
                for (Future<String> f : outputs) {
                    texts.add(get(f));
                }
                List<Integer> codes = new ArrayList<>();
                for (Process p : processes) {
                    codes.add(p.isAlive() ? null : p.exitValue()); // alive: its output ended before it did
                }
                double wall = (System.nanoTime() - start) / 1e9;
                Double cpuAfter = ProcCpu.childrenSec();
                Double cpu = cpuBefore == null || cpuAfter == null ? null : cpuAfter - cpuBefore;
                return new Outcome(texts, java.util.Collections.unmodifiableList(codes), wall, cpu, timedOut);
            } finally {
                processes.forEach(this::kill);
                running.removeAll(processes);
            }
        }
    }

    /** Waits for every process until the deadline; kills the late ones and says whether any was. */
    private boolean waitAll(List<Process> processes, long deadlineNanos) throws InterruptedException {
        boolean timedOut = false;
        for (Process p : processes) {
            long left = Math.max(0, deadlineNanos - System.nanoTime());
            if (!p.waitFor(left, TimeUnit.NANOSECONDS)) {
                timedOut = true;
                kill(p);
            }
        }
        return timedOut;
    }

    private Process start(List<String> command) {
        try {
            Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
            running.add(p);
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot start " + String.join(" ", command) + ": " + e.getMessage(), e);
        }
    }

    private static String readAll(InputStream in) throws IOException {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static String get(Future<String> f) throws InterruptedException {
        try {
            return f.get();
        } catch (ExecutionException e) {
            return "(output could not be read: " + e.getCause() + ")";
        }
    }

    private void kill(Process p) {
        if (!p.isAlive()) {
            return;
        }
        p.destroy();
        try {
            if (!p.waitFor(2, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** Kills every process still running (Ctrl-C). */
    public void killAll() {
        running.forEach(Process::destroyForcibly);
    }
}
