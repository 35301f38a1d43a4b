package lab.data;

import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The URIs of the access logs and their Zipf-like popularity, over one year of timestamps.
 * The portal draws its "hits of URI u in a random hour" from the same catalogue.
 */
public final class LogCatalog {

    /** The logged year: [FIRST, END). */
    public static final LocalDateTime FIRST = LocalDateTime.of(2025, 1, 1, 0, 0);
    public static final LocalDateTime END = FIRST.plusYears(1);
    public static final long SECONDS = java.time.Duration.between(FIRST, END).getSeconds();
    public static final long HOURS = SECONDS / 3600;

    private static final double ZIPF_EXPONENT = 1.1;
    private static final List<String> URIS = buildUris();
    private static final double[] CUMULATIVE = buildCumulative(URIS.size());

    private LogCatalog() {
    }

    public static List<String> uris() {
        return URIS;
    }

    /** A URI drawn by popularity: rank r has weight 1/r^1.1. */
    public static String popularUri(SplittableRandom random) {
        double u = random.nextDouble();
        int i = java.util.Arrays.binarySearch(CUMULATIVE, u);
        return URIS.get(i >= 0 ? i : Math.min(-i - 1, URIS.size() - 1));
    }

    private static List<String> buildUris() {
        List<String> uris = new ArrayList<>();
        uris.add("/");
        for (String page : List.of("about", "contact", "login", "logout", "search", "cart", "checkout", "help")) {
            uris.add("/" + page);
        }
        for (int i = 1; i <= 600; i++) {
            uris.add("/products/" + i);
        }
        for (String c : Words.CATEGORIES) {
            uris.add("/category/" + c);
        }
        for (int i = 1; i <= 300; i++) {
            uris.add("/blog/" + Words.NOUNS.get(i % Words.NOUNS.size()) + "-" + i);
        }
        for (int i = 1; i <= 90; i++) {
            uris.add("/static/img/" + i + ".png");
        }
        // Popularity rank is independent of the URI's shape: shuffle with a fixed seed.
        Collections.shuffle(uris.subList(1, uris.size()), new java.util.Random(7));
        return List.copyOf(uris);
    }

    private static double[] buildCumulative(int n) {
        double[] c = new double[n];
        double sum = 0;
        for (int r = 1; r <= n; r++) {
            sum += 1 / Math.pow(r, ZIPF_EXPONENT);
            c[r - 1] = sum;
        }
        for (int i = 0; i < n; i++) {
            c[i] /= sum;
        }
        return c;
    }
}
