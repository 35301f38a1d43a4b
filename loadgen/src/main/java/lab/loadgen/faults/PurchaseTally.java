package lab.loadgen.faults;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A cell's purchases counted by idempotency key (each user retries a purchase with the same key
 * until it gets a definitive answer).
 *
 * @param keys       distinct purchases attempted
 * @param confirmed  keys answered 200 at least once: the purchases users were told succeeded
 * @param recovered  keys confirmed by a replayed answer: the first attempt's acknowledgement was
 *                   lost (commit done, answer not delivered) and a retry found the order
 * @param unresolved keys that never got a definitive answer, even after the last attempts at the end
 * @param retries    attempts beyond the first of each key
 */
public record PurchaseTally(long keys, long confirmed, long recovered, long unresolved, long retries) {

    static PurchaseTally of(List<Sample> samples) {
        Map<String, int[]> byKey = new LinkedHashMap<>(); // attempts, bought, replayed, settled
        for (Sample s : samples) {
            if (!s.purchase()) {
                continue;
            }
            int[] k = byKey.computeIfAbsent(s.purchaseKey(), ignored -> new int[4]);
            k[0]++;
            k[1] += s.bought() ? 1 : 0;
            k[2] += s.bought() && s.replayed() ? 1 : 0;
            k[3] += s.settled() ? 1 : 0;
        }
        long confirmed = byKey.values().stream().filter(k -> k[1] > 0).count();
        long recovered = byKey.values().stream().filter(k -> k[2] > 0 && k[2] == k[1]).count();
        long unresolved = byKey.values().stream().filter(k -> k[3] == 0).count();
        long attempts = byKey.values().stream().mapToLong(k -> k[0]).sum();
        return new PurchaseTally(byKey.size(), confirmed, recovered, unresolved, attempts - byKey.size());
    }
}
