package lab.loadgen.faults;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * Steady closed-loop load on one instance: {@code connections} users, each sending its next request
 * when the last one is answered (Java's HTTP client, one virtual thread per user). Portal users read
 * the page; shop users read {@code /mix} and one request in ten buys one unit of an item. Every
 * request is kept as a {@link Sample}; a request is abandoned after {@code hangAfter}.
 */
final class Traffic implements AutoCloseable {

    /** The portal page's summary: "Sources failed" followed by the count of failed panels. */
    private static final String NO_FAILED_PANEL = "Sources failed</dt><dd>0 of";
    private static final int BUY_PERCENT = 10;

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
        while (running.get()) {
            boolean buy = shop && !buyable.isEmpty() && ThreadLocalRandom.current().nextInt(100) < BUY_PERCENT;
            long start = System.nanoTime();
            inFlightSince.set(user, start);
            Outcome outcome;
            int status = 0;
            try {
                HttpResponse<String> r = client.send(request(buy), HttpResponse.BodyHandlers.ofString());
                status = r.statusCode();
                outcome = classify(status, r.body());
            } catch (HttpTimeoutException e) {
                outcome = Outcome.HANG;
            } catch (InterruptedException e) {
                return;
            } catch (Exception e) {
                outcome = Outcome.HANG; // the app itself unreachable or the connection cut: no answer
                sleepQuietly(); // no busy loop against a closed port
            }
            samples.add(new Sample(start, System.nanoTime(), outcome, status, buy));
            inFlightSince.set(user, 0);
        }
    }

    private HttpRequest request(boolean buy) {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        if (buy) {
            long item = buyable.get(random.nextInt(buyable.size()));
            return HttpRequest.newBuilder(base.resolve("/purchase")).timeout(hangAfter)
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("itemId=" + item + "&quantity=1")).build();
        }
        String path = shop ? "/mix" : "/?seed=" + random.nextInt(1_000_000);
        return HttpRequest.newBuilder(base.resolve(path)).timeout(hangAfter).GET().build();
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

    private static void sleepQuietly() {
        try {
            Thread.sleep(100);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the users after their current request (each is bounded by hangAfter). */
    @Override
    public void close() {
        running.set(false);
        for (Thread t : users) {
            try {
                t.join(hangAfter.plusSeconds(5));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        client.shutdownNow();
    }
}
