package lab.loadgen.faults;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Steady closed-loop load on one instance: {@code connections} users, each sending its next request
 * when the last one is answered (Java's HTTP client, one virtual thread per user). Portal users read
 * the page; shop users read {@code /mix} and one request in ten buys one unit of an item. Every
 * request is kept as a {@link Sample}; a request is abandoned after {@code hangAfter}.
 *
 * <p>Each purchase carries a fresh idempotency key ({@code requestKey}). A purchase without a
 * definitive answer ({@link Sample#settled()}) may or may not have been committed, so its user
 * sends it again with the same key after {@link #RETRY_PAUSE}, before anything else; the shop
 * answers the order already placed instead of buying twice. When the traffic is closed, a user
 * with such a purchase still open tries for at most {@link #FINISH} more.
 */
final class Traffic implements AutoCloseable {

    /** The portal page's summary: "Sources failed" followed by the count of failed panels. */
    private static final String NO_FAILED_PANEL = "Sources failed</dt><dd>0 of";
    private static final int BUY_PERCENT = 10;
    static final Duration RETRY_PAUSE = Duration.ofMillis(200);
    static final Duration FINISH = Duration.ofSeconds(10);
    private static final String REPLAYED = "Idempotent-Replayed";

    /** One purchase: its key and item, the same on every attempt. */
    private record Buy(String key, long itemId) {
    }

    private final HttpClient client;
    private final URI base;
    private final boolean shop;
    private final Duration hangAfter;
    private final List<Long> buyable;
    private final AtomicBoolean running = new AtomicBoolean(true);
    private final ConcurrentLinkedQueue<Sample> samples = new ConcurrentLinkedQueue<>();
    private final List<Thread> users = new ArrayList<>();
    /** Per user: System.nanoTime() its request in flight started, 0 when between requests. */
    private final AtomicLongArray inFlightSince;

    Traffic(URI base, String app, int connections, Duration hangAfter, List<Long> buyable) {
        this.client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
                .followRedirects(HttpClient.Redirect.NEVER).build();
        this.base = base;
        this.shop = app.equals("shop");
        this.hangAfter = hangAfter;
        this.buyable = buyable;
        this.inFlightSince = new AtomicLongArray(connections);
        for (int i = 0; i < connections; i++) {
            int user = i;
            users.add(Thread.ofVirtual().name("faults-user-" + i).start(() -> loop(user)));
        }
    }

    /** Everything answered so far (a snapshot). */
    List<Sample> samples() {
        return List.copyOf(samples);
    }

    /** Start of the oldest request still waiting for its answer; Long.MAX_VALUE when none is. */
    long oldestInFlight() {
        long oldest = Long.MAX_VALUE;
        for (int i = 0; i < inFlightSince.length(); i++) {
            long t = inFlightSince.get(i);
            if (t != 0 && t - oldest < 0) {
                oldest = t;
            }
        }
        return oldest;
    }

    private void loop(int user) {
        Buy pending = null;
        while (running.get()) {
            Buy buy = pending != null ? pending : nextBuy();
            Sample sample = send(user, buy, hangAfter);
            if (sample == null) {
                return;
            }
            pending = buy != null && !sample.settled() ? buy : null;
            if (pending != null) {
                pause(RETRY_PAUSE);
            }
        }
        if (pending != null) {
            finish(user, pending);
        }
    }

    /** The last attempts for a purchase still unsettled when the traffic closes, bounded by {@link #FINISH}. */
    private void finish(int user, Buy buy) {
        long deadline = System.nanoTime() + FINISH.toNanos();
        long left;
        while ((left = deadline - System.nanoTime()) > 0) {
            Duration timeout = Duration.ofNanos(Math.min(left, hangAfter.toNanos()));
            Sample sample = send(user, buy, timeout);
            if (sample == null || sample.settled()) {
                return;
            }
            pause(RETRY_PAUSE);
        }
    }

    /** A new purchase (one request in ten on the shop) or null for a read. */
    private Buy nextBuy() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (!shop || buyable.isEmpty() || random.nextInt(100) >= BUY_PERCENT) {
            return null;
        }
        return new Buy(UUID.randomUUID().toString(), buyable.get(random.nextInt(buyable.size())));
    }

    /** One request, recorded as a {@link Sample}; null when the user was interrupted. */
    private Sample send(int user, Buy buy, Duration timeout) {
        long start = System.nanoTime();
        inFlightSince.set(user, start);
        Outcome outcome;
        int status = 0;
        boolean replayed = false;
        try {
            HttpResponse<String> r = client.send(request(buy, timeout), HttpResponse.BodyHandlers.ofString());
            status = r.statusCode();
            outcome = classify(status, r.body());
            replayed = r.headers().firstValue(REPLAYED).filter("true"::equalsIgnoreCase).isPresent();
        } catch (HttpTimeoutException e) {
            outcome = Outcome.HANG;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        } catch (Exception e) {
            outcome = Outcome.HANG; // the app itself unreachable or the connection cut: no answer
            pause(Duration.ofMillis(100)); // no busy loop against a closed port
        }
        Sample sample = new Sample(start, System.nanoTime(), outcome, status, buy == null ? null : buy.key(), replayed);
        samples.add(sample);
        inFlightSince.set(user, 0);
        return sample;
    }

    private HttpRequest request(Buy buy, Duration timeout) {
        if (buy != null) {
            return HttpRequest.newBuilder(base.resolve("/purchase")).timeout(timeout)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("itemId=" + buy.itemId() + "&quantity=1&requestKey=" + buy.key())).build();
        }
        String path = shop ? "/mix" : "/?seed=" + ThreadLocalRandom.current().nextInt(1_000_000);
        return HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).GET().build();
    }

    Outcome classify(int status, String body) {
        if (status == 200) {
            return shop || body.contains(NO_FAILED_PANEL) ? Outcome.OK : Outcome.FAILED_PANEL;
        }
        if (status == 409 && shop) {
            return Outcome.OK; // out of stock: a correct refusal
        }
        return status == 503 ? Outcome.UNAVAILABLE : Outcome.ERROR;
    }

    private static void pause(Duration pause) {
        try {
            Thread.sleep(pause);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the users after their current request (each bounded by hangAfter) and their last purchase attempts. */
    @Override
    public void close() {
        running.set(false);
        for (Thread t : users) {
            try {
                t.join(hangAfter.plus(FINISH).plusSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        client.shutdownNow();
    }
}
