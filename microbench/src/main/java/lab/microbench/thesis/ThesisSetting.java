package lab.microbench.thesis;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import lab.microbench.Experiment;
import lab.microbench.pages.Meta;
import lab.microbench.pages.Section;
import lab.report.Fmt;
import lab.report.Page;
import lab.report.results.Results;

/** The thesis page's account of its setting: this machine, and what differs from 2010 and why. */
final class ThesisSetting {

    private ThesisSetting() {
    }

    /** What differs from the thesis' setting, and why it matters: hardware, network, drivers, JVM. */
    static void render(Page html, Path dir, Optional<Results> load) {
        Optional<Meta> any = Experiment.THESIS.stream().map(e -> Section.meta(dir, e.file)).flatMap(Optional::stream).findFirst();
        String machine = any.map(m -> m.environment().cpus() + " × " + m.environment().cpuModel() + ", " + m.environment().jvm())
                .or(() -> load.map(r -> r.run().machine()).map(m -> m.cpus() + " CPUs, " + m.jvm()))
                .orElse("this machine (no run yet)");
        Section.machine(html, any, "No micro-benchmark results yet: make thesis (or java -jar microbench/target/microbench.jar "
                + "run --only thesis).", "Client and servers share one machine: loopback replaces the thesis' network; the 0.19 ms "
                + "and 78 ms links are emulated (see Figures 4.1–4.3).");
        html.h3("What differs from 2010 and why");
        html.table(List.of("", "thesis (2010)", "here", "what it changes"), List.of(
                Page.Row.text("hardware", "separate hosts for databases, application server and load generators",
                        machine + "; databases, apps, load tools and the link emulator share these cores",
                        "absolute figures are lower and noisier; levels where the thesis' load host still had room may "
                                + "saturate here (the load pages flag a saturated load tool); compare shapes and ratios"),
                Page.Row.text("network", "1 Gb/s Ethernet (0.19 ms RTT) and an Internet link (78 ms RTT)",
                        "loopback through Toxiproxy, which adds the round trip (lan, wan) and a proxy hop of its own; "
                                + "the round trip is measured beside every figure",
                        "a claim is judged on the measured round trip (a load claim on what it adds to a direct query "
                                + "at rest, where the run measured one: a SELECT 1 holds more than the thesis' ping), and "
                                + "labelled off the thesis' link when it lies more than "
                                + Fmt.trimmed(lab.report.verdict.JudgedLink.FACTOR) + "× away"),
                Page.Row.text("drivers", "ADBCJ: its own non-blocking MySQL and PostgreSQL drivers, and ADBCJ-JDBC (JDBC "
                                + "on a thread pool with a fair hand-off)",
                        "Vert.x SQL clients (non-blocking, pipelined), HikariCP with today's JDBC drivers; threadpool-fair "
                                + "stands in for ADBCJ-JDBC",
                        "today's JDBC drivers and pools are faster per query, so gaps that were CPU-bound in 2010 shrink; "
                                + "pipelining still saves a round trip per query"),
                Page.Row.text("JVM", "Java 6, platform threads only",
                        any.map(m -> m.environment().jvm()).or(() -> load.map(r -> r.run().machine().jvm())).orElse("?")
                                + "; virtual threads as a fourth mode",
                        "a better JIT and GC; virtual threads give blocking code the thread economy the thesis "
                                + "needed non-blocking I/O for")));
    }
}
