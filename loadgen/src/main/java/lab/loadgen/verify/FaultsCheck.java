package lab.loadgen.verify;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

import lab.loadgen.faults.Cell;
import lab.loadgen.faults.Fault;
import lab.loadgen.faults.FaultsReport;

/**
 * What the end-to-end scripts hold a {@code make faults} run to: it completed, ran exactly the faults
 * asked, counted the servers' sessions before and after each, and each fault left its evidence:
 * a stopped server an error answer, a recovery, the instance's limit read, no hung answer and every
 * purchase accounted for; killed sessions the kill as the cell's effect. The grades themselves depend
 * on the machine's load and are printed, not held.
 */
public record FaultsCheck(List<Fault> faults) {

    public RunCheck.Outcome check(FaultsReport.Run run) {
        List<String> lines = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        if (!"complete".equals(run.status())) {
            problems.add("the run is " + run.status() + ", not complete");
        }
        List<String> asked = faults.stream().map(f -> f.letter).sorted().toList();
        List<String> ran = run.cells().stream().map(Cell::fault).sorted().toList();
        if (!asked.equals(ran)) {
            problems.add("faults asked " + asked + ", cells run " + ran);
        }
        for (Cell c : run.cells()) {
            lines.add(String.format("  %s (%s) %s: %s; effect: %s; first error %s ms, recovery %s ms; server sessions %s; "
                            + "slowest %s ms (before %s ms); purchases/orders/stock %s; notes: %s",
                    c.instance(), c.fault(), c.faultLabel(), c.grade(), c.effect(), c.firstErrorMs(), c.recoveryMs(),
                    Arrays.toString(c.serverConns()), c.slowestMs(), c.baselineSlowestMs(), Arrays.toString(c.purchases()), c.notes()));
            String cell = c.instance() + " (" + c.fault() + ")";
            if (c.serverConns() == null || Arrays.asList(c.serverConns()).contains(null)) {
                problems.add(cell + ": the servers' sessions were not counted");
            }
            if (Fault.SERVER_STOP.letter.equals(c.fault())) {
                if (c.firstErrorMs() == null) {
                    problems.add(cell + ": no error answer while the server was stopped");
                }
                if (c.recoveryMs() == null) {
                    problems.add(cell + ": not recovered after the server started again");
                }
                if (c.limitMs() == null) {
                    problems.add(cell + ": the instance's answer limit was unreadable");
                }
                if (c.purchases() != null && Arrays.stream(c.purchases()).distinct().count() != 1) {
                    problems.add(cell + ": confirmed purchases, new orders and stock decrease differ: " + Arrays.toString(c.purchases()));
                }
                if (c.during() != null && Objects.requireNonNullElse(c.during().get(lab.loadgen.faults.Outcome.HANG.key()), 0) > 0) {
                    problems.add(cell + ": " + c.during().get(lab.loadgen.faults.Outcome.HANG.key()) + " answers hung");
                }
            }
            if (Fault.KILL.letter.equals(c.fault()) && (c.effect() == null || !c.effect().endsWith(Fault.KILL.label))) {
                problems.add(cell + ": its effect is not the sessions killed: " + c.effect());
            }
        }
        lines.add(run.cells().size() + " cells, " + problems.size() + " problems");
        return new RunCheck.Outcome(lines, problems);
    }
}
