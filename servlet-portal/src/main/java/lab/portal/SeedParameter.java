package lab.portal;

/** The {@code ?seed=N} parameter: a whole number from 0 to {@link Long#MAX_VALUE}. */
public final class SeedParameter {

    private static final String RANGE = "a whole number from 0 to " + Long.MAX_VALUE;

    private SeedParameter() {
    }

    static long parse(String text) {
        String s = text.trim();
        if (!s.matches("[+-]?\\d+")) {
            throw new InvalidSeedException("seed must be " + RANGE + ", not '" + text + "'");
        }
        try {
            long seed = Long.parseLong(s);
            if (seed >= 0) {
                return seed;
            }
        } catch (NumberFormatException tooLarge) {
            // out of range: reported below
        }
        throw new InvalidSeedException("seed " + s + " is out of range: it must be " + RANGE);
    }

    /** A bad {@code ?seed=}: answered with 400 and a short page. */
    public static final class InvalidSeedException extends RuntimeException {
        InvalidSeedException(String message) {
            super(message, null, false, false);
        }
    }
}
