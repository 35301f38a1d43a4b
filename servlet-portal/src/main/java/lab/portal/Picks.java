package lab.portal;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Collectors;
import lab.data.LogCatalog;

/**
 * What one view asks of each source, drawn from one seed: the same seed gives the same picks in
 * every mode, so every mode renders the same data.
 *
 * @param seed  the seed the picks were drawn from (shown on the page, {@code ?seed=N} repeats it)
 * @param picks per source, in panel order
 */
public record Picks(long seed, Map<PortalSource, Pick> picks) {

    /** Contacts drawn per contacts source (thesis 4.2). */
    public static final int CONTACTS_PER_SOURCE = 5;

    private static final DateTimeFormatter HOUR = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm");

    /** What is asked of one source. */
    public sealed interface Pick permits ContactIds, LogWindow {
        /** In words, for the page. */
        String asked();
    }

    /** Distinct contact ids, each fetched by its own primary-key query. */
    public record ContactIds(List<Integer> ids) implements Pick {
        @Override
        public String asked() {
            return "contacts " + ids.stream().map(String::valueOf).collect(Collectors.joining(", "));
        }
    }

    /** The hits of {@code uri} in [from, to): one hour of the logged year. */
    public record LogWindow(String uri, LocalDateTime from, LocalDateTime to) implements Pick {
        /** {@code 2025-03-04 05:00 to 06:00}. */
        public String hour() {
            return HOUR.format(from) + " to " + HOUR.format(to).substring(11);
        }

        @Override
        public String asked() {
            return "the hits on " + uri + " from " + hour();
        }
    }

    public Picks {
        picks = Map.copyOf(picks);
    }

    public Pick of(PortalSource source) {
        return picks.get(source);
    }

    /** Draws every pick from {@code seed}: contact ids from 1..contacts, URI and hour from the log catalogue. */
    public static Picks draw(long seed, long contacts) {
        SplittableRandom random = new SplittableRandom(seed);
        Map<PortalSource, Pick> picks = new EnumMap<>(PortalSource.class);
        for (PortalSource source : PortalSource.values()) {
            picks.put(source, switch (source.kind) {
                case CONTACTS -> contactIds(random, contacts);
                case LOGS -> logWindow(random);
            });
        }
        return new Picks(seed, picks);
    }

    private static ContactIds contactIds(SplittableRandom random, long contacts) {
        int wanted = (int) Math.min(CONTACTS_PER_SOURCE, contacts);
        Set<Integer> ids = new LinkedHashSet<>();
        while (ids.size() < wanted) {
            ids.add(Math.toIntExact(1 + random.nextLong(contacts)));
        }
        return new ContactIds(List.copyOf(ids));
    }

    private static LogWindow logWindow(SplittableRandom random) {
        String uri = LogCatalog.popularUri(random);
        LocalDateTime from = LogCatalog.FIRST.plusHours(random.nextLong(LogCatalog.HOURS));
        return new LogWindow(uri, from, from.plusHours(1));
    }
}
