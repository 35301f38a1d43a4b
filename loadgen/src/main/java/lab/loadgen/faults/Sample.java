package lab.loadgen.faults;

/**
 * One request of the closed loop: when it started and ended (System.nanoTime), what came back
 * ({@code status} 0 when nothing did), and whether it was a purchase.
 */
public record Sample(long startNs, long endNs, Outcome outcome, int status, boolean purchase) {

    public long millis() {
        return (endNs - startNs) / 1_000_000;
    }

    /** A purchase the shop confirmed (200 with an order). */
    public boolean bought() {
        return purchase && status == 200;
    }
}
