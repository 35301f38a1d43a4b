package lab.loadgen.faults;

/**
 * One request of the closed loop: when it started and ended (System.nanoTime), what came back
 * ({@code status} 0 when nothing did), and for a purchase its idempotency key (null for reads) and
 * whether the shop answered with an order an earlier attempt had already placed.
 */
public record Sample(long startNs, long endNs, Outcome outcome, int status, String purchaseKey, boolean replayed) {

    public long millis() {
        return (endNs - startNs) / 1_000_000;
    }

    public boolean purchase() {
        return purchaseKey != null;
    }

    /** A purchase the shop confirmed (200 with an order, placed now or by an earlier attempt). */
    public boolean bought() {
        return purchase() && status == 200;
    }

    /**
     * A purchase with a definitive answer: 200, or a 4xx such as 409 "out of stock" that no
     * retry changes. Anything else (503, other 5xx, no answer) leaves it unknown whether the
     * order was placed, so the same key is sent again.
     */
    public boolean settled() {
        return purchase() && status >= 200 && status < 500;
    }
}
