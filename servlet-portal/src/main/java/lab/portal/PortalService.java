package lab.portal;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeoutException;
import lab.access.DbClient;
import lab.access.DbSession;
import lab.access.Deadline;
import lab.access.ForkJoin;
import lab.access.Rows;
import lab.access.SourceUnavailableException;
import lab.access.Timeouts;
import lab.portal.Panel.Answer;
import lab.portal.Picks.ContactIds;
import lab.portal.Picks.LogWindow;
import lab.portal.Picks.Pick;

/**
 * The page's one code path, in every mode (thesis Figure 3.1): fire the 12 queries, then join
 * them on the request thread ({@link #page}) or hand back the stage (the reactive controller,
 * {@link #load}). With {@code jdbc} clients the stages complete inline, so the queries run one
 * after another on the request thread; with the others they run concurrently. Nothing is cached:
 * every view asks every source again. Knows nothing of HTTP: the controllers and
 * {@link ErrorPages} turn pages and failures into answers.
 */
public final class PortalService {

    static final String CONTACT_SQL = "SELECT id, name, phone FROM contacts WHERE id = ?";
    static final String HITS_SQL = "SELECT COUNT(*) AS hits FROM access_log WHERE uri = ? AND ts >= ? AND ts < ?";
    /** The join waits a little longer than the panels, which time out on their own. */
    private static final Duration JOIN_SLACK = Duration.ofSeconds(1);

    private final Serving mode;
    private final PortalClients clients;
    private final long contacts;
    private final Duration pageTimeout;
    private final Map<PortalSource, Counter> failures = new EnumMap<>(PortalSource.class);

    PortalService(Serving mode, PortalClients clients, long contacts, Duration pageTimeout, MeterRegistry registry) {
        this.mode = mode;
        this.clients = clients;
        this.contacts = contacts;
        this.pageTimeout = pageTimeout;
        for (PortalSource source : PortalSource.values()) {
            failures.put(source, Counter.builder("portal.panel.failures")
                    .description("panels rendered with an error instead of their data (the page itself is still 200)")
                    .tag("panel", source.id()).register(registry));
        }
    }

    /** The joined page: fires the view's queries and waits on the request thread for the page. */
    public PortalPage page(String seedParameter) {
        return ForkJoin.join(load(seedParameter), pageTimeout.plus(JOIN_SLACK));
    }

    /**
     * Parses {@code ?seed=} (absent: a random seed) and fires the view's queries. The page's
     * {@link Deadline} goes with every query, in every mode: in {@code jdbc} mode they run one after
     * another here, so each gets only what is left of the page timeout, not a query timeout of its own.
     */
    public CompletableFuture<PortalPage> load(String seedParameter) {
        long seed = seedParameter == null ? ThreadLocalRandom.current().nextLong(Long.MAX_VALUE) : SeedParameter.parse(seedParameter);
        return load(Picks.draw(seed, contacts), Deadline.in(pageTimeout));
    }

    /** Fires one query per contact id and per log window, all at once; never fails. */
    private CompletableFuture<PortalPage> load(Picks picks, Deadline deadline) {
        long start = System.nanoTime();
        Thread requestThread = Thread.currentThread();
        List<CompletableFuture<Panel>> panels = new ArrayList<>();
        for (PortalSource source : PortalSource.values()) {
            panels.add(panel(source, picks.of(source), deadline));
        }
        return ForkJoin.all(panels).thenApply(done -> new PortalPage(mode, picks.seed(), done, millisSince(start),
                requestThread.getName(), requestThread.isVirtual(), Thread.currentThread().getName()));
    }

    private CompletableFuture<Panel> panel(PortalSource source, Pick pick, Deadline deadline) {
        long start = System.nanoTime();
        DbClient client = clients.get(source).withDeadline(deadline);
        String address = client.source().address();
        CompletableFuture<Answer> answer;
        try {
            answer = switch (pick) {
                case ContactIds ids -> contacts(client, ids);
                case LogWindow window -> hits(client, window);
            };
        } catch (RuntimeException e) {
            answer = CompletableFuture.failedFuture(e);
        }
        return Timeouts.within(answer, pageTimeout.toMillis()).handle((value, error) -> {
            if (error != null) {
                failures.get(source).increment();
            }
            return Panel.of(source, address, pick, value, timeoutNamed(address, error), millisSince(start));
        });
    }

    private Throwable timeoutNamed(String address, Throwable error) {
        if (error != null && ForkJoin.unwrap(error) instanceof TimeoutException) {
            return new SourceUnavailableException(address, "no answer within the page timeout of " + pageTimeout.toMillis() + " ms", null);
        }
        return error;
    }

    /** 5 primary-key queries on one session: in order on one connection, pipelined where the mode can. */
    private static CompletableFuture<Answer> contacts(DbClient client, ContactIds pick) {
        DbSession session = client.openSession();
        try {
            List<CompletableFuture<Rows>> queries = new ArrayList<>();
            for (Integer id : pick.ids()) {
                CompletableFuture<Rows> query = session.query(CONTACT_SQL, id).toCompletableFuture();
                queries.add(query);
                if (query.isCompletedExceptionally()) {
                    break; // jdbc answers inline: a source that is down is not waited for five times
                }
            }
            return failFast(queries).thenApply(Answer::contacts);
        } finally {
            session.close(); // returns the connection once the queries have run
        }
    }

    private static CompletableFuture<Answer> hits(DbClient client, LogWindow pick) {
        return client.query(HITS_SQL, pick.uri(), pick.from(), pick.to()).toCompletableFuture().thenApply(Answer::hits);
    }

    /** Every value in order, or the first failure as soon as it happens. */
    private static <T> CompletableFuture<List<T>> failFast(List<CompletableFuture<T>> stages) {
        CompletableFuture<List<T>> all = ForkJoin.all(stages);
        for (CompletableFuture<T> stage : stages) {
            stage.whenComplete((value, error) -> {
                if (error != null) {
                    all.completeExceptionally(ForkJoin.unwrap(error));
                }
            });
        }
        return all;
    }

    private static double millisSince(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e6;
    }
}
