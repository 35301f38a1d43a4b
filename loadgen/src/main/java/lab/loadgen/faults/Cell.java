package lab.loadgen.faults;

import java.util.List;
import java.util.Map;

/**
 * One fault on one instance, measured. Times in ms; null = not measured, with the reason in notes.
 *
 * @param effect         what shows the fault happened (errors or slow answers in its window, sessions killed);
 *                       null when nothing did (the cell is then amber "no effect seen") and in runs from before this check
 * @param firstErrorMs   from injecting to the first answer that was not OK (null: none)
 * @param during         answers from injecting until recovered, by {@link Outcome#key()}
 * @param okPct          share of those answers that were complete successes, % (null: none answered)
 * @param fast503        of those, the 503s ("try again") answered within 1 s: failing fast, as asked (null in older runs)
 * @param slowestMs      slowest answer of a request overlapping the fault window
 * @param baselineSlowestMs slowest answer before the fault (the machine's own noise)
 * @param limitMs        the instance's own answer limit, read from its metrics at run time; slowest must
 *                       stay within limit + 1 s (null: not readable, the cell is amber "unmeasured")
 * @param recoveryMs     from clearing to the end of the last non-OK answer (null: not within the bound)
 * @param threads        live JVM threads {before, after}, both under load: end of the baseline, once recovered
 * @param openFiles      open file descriptors {before, after}
 * @param serverConns    the lab user's sessions on the servers {before, after}
 * @param purchases      shop: confirmed purchases (distinct keys answered 200), new orders, stock decrease (null for the portal)
 * @param purchaseKeys   shop: the purchases by key, with lost acknowledgements recovered by a retry
 *                       and keys left unresolved (null for the portal and in runs from before retries)
 * @param log            the instance's log from injecting until recovered (its last lines), or one line
 *                       saying why none was kept (null in runs from before logs were kept)
 */
public record Cell(String instance, String app, String mode, String fault, String faultLabel, String grade, String effect,
                   Long firstErrorMs, Map<String, Integer> baseline, Map<String, Integer> during, Double okPct, Integer fast503,
                   Long slowestMs, Long baselineSlowestMs, Long limitMs, Long recoveryMs, Integer[] threads, Integer[] openFiles, Integer[] serverConns,
                   Long[] purchases, List<String> notes, PurchaseTally purchaseKeys, List<String> log) {

    public static final String GREEN = "green";
    public static final String AMBER = "amber";
    public static final String RED = "red";
}
