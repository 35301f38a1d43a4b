package lab.report.verdict;

import java.util.Locale;

import lab.report.Spread;

/**
 * One published claim checked against this run's numbers.
 *
 * @param source     where it is claimed, e.g. "Table 4.1" or "Figure 4.3"
 * @param claim      what it says, in a few words
 * @param status     what this run says about it
 * @param evidence   the numbers behind the status (or why there are none)
 * @param offSetting empty when judged in the thesis' setting; else how the setting differed, e.g.
 *                   "off the thesis' link: 0.9 ms measured, thesis 0.19 ms" or "at 2000 connections,
 *                   not 10,000" — shown beside the status, since such a verdict is not the thesis' own
 * @param sentence   the thesis' sentence the claim tests, section and a short quote ({@link ThesisText})
 */
public record Claim(String source, String claim, Status status, String evidence, String offSetting, String sentence) {

    /** The setting note of a claim judged on MariaDB, which stands for the thesis' MySQL. */
    public static final String MARIADB = "MariaDB standing for MySQL";

    public Claim {
        offSetting = offSetting == null ? "" : offSetting;
        sentence = sentence == null ? "" : sentence;
    }

    public Claim(String source, String claim, Status status, String evidence, String offSetting) {
        this(source, claim, status, evidence, offSetting, "");
    }

    public Claim(String source, String claim, Status status, String evidence) {
        this(source, claim, status, evidence, "");
    }

    /** This claim with the thesis' sentence it tests ({@link ThesisText}: section and a short quote). */
    public Claim quoting(String sentence) {
        return new Claim(source, claim, status, evidence, offSetting, sentence);
    }

    /** This claim with {@code more} added to how its setting differed from the thesis' (nothing when empty). */
    public Claim offBy(String more) {
        if (more == null || more.isEmpty()) {
            return this;
        }
        return new Claim(source, claim, status, evidence, offSetting.isEmpty() ? more : offSetting + "; " + more, sentence);
    }

    /** Whether it was judged away from the thesis' setting (link, driver or level). */
    public boolean offThesisSetting() {
        return !offSetting.isEmpty();
    }

    /** The status as the page shows it, with the setting it was judged in when not the thesis' own. */
    public String label() {
        return offSetting.isEmpty() ? status.label() : status.label() + " (" + offSetting + ")";
    }

    /**
     * Several checks of one claim: not reproduced when any fails; inconclusive when any is undecided;
     * else weaker when any is weaker, exceeded when all are, and reproduced otherwise.
     */
    public static Status all(java.util.List<Status> checks) {
        if (checks.contains(Status.NOT_REPRODUCED)) {
            return Status.NOT_REPRODUCED;
        }
        if (checks.isEmpty() || checks.stream().anyMatch(s -> s == Status.INCONCLUSIVE || s == Status.NOT_MEASURED)) {
            return Status.INCONCLUSIVE;
        }
        return checks.contains(Status.WEAKER) ? Status.WEAKER
                : checks.stream().allMatch(s -> s == Status.EXCEEDED) ? Status.EXCEEDED : Status.REPRODUCED;
    }

    /** "At least {@code threshold}×": reproduced when the whole range is at or above it, not when all of it is below. */
    public static Status atLeast(Spread ratio, double threshold) {
        if (Double.isNaN(ratio.median())) {
            return Status.INCONCLUSIVE;
        }
        return ratio.min() >= threshold ? Status.REPRODUCED
                : ratio.max() < threshold ? Status.NOT_REPRODUCED : Status.INCONCLUSIVE;
    }

    /**
     * "About N×", read as the band [low, high]: reproduced when the whole range lies within it, not
     * reproduced when all of it lies below; all of it above is {@link Status#EXCEEDED} where more is
     * the claim's direction held stronger ({@code moreHolds}), else not reproduced (e.g. "no clear
     * gain"). A range reaching across a bound allows both: inconclusive.
     */
    public static Status band(Spread ratio, double low, double high, boolean moreHolds) {
        if (Double.isNaN(ratio.median())) {
            return Status.INCONCLUSIVE;
        }
        if (ratio.min() >= low && ratio.max() <= high) {
            return Status.REPRODUCED;
        }
        if (ratio.max() < low) {
            return Status.NOT_REPRODUCED;
        }
        if (ratio.min() > high) {
            return moreHolds ? Status.EXCEEDED : Status.NOT_REPRODUCED;
        }
        return Status.INCONCLUSIVE;
    }

    /**
     * What would decide a ratio left inconclusive against {@code bounds} (the claim's thresholds):
     * about how many samples (forks, repetitions) each side would need for the ratio's range to clear
     * the nearest bound, were each sample as spread as in this run (an interval narrows with the
     * square root of its samples; its t quantile shrinks too, so this errs high); or that the median
     * sits on a bound (within 2 %), where more samples narrow the range but cannot put it on one side.
     * Empty when the range does not reach across a bound.
     */
    public static String toDecide(Spread ratio, int samples, String unit, double... bounds) {
        if (ratio == null || Double.isNaN(ratio.median()) || ratio.min() <= 0 || java.util.Arrays.stream(bounds).anyMatch(b -> b <= 0)) {
            return "";
        }
        // on the logarithm, where a ratio's interval is symmetric
        return decide(Math.log(ratio.median()), Math.log(ratio.min()), Math.log(ratio.max()),
                java.util.Arrays.stream(bounds).map(Math::log).toArray(), Math.log(1.02), samples, unit,
                v -> lab.report.Fmt.ratio(Math.exp(v)), b -> lab.report.Fmt.num(Math.exp(b)) + "×");
    }

    /**
     * {@link #toDecide(Spread, int, String, double...)} for a difference in {@code valueUnit} (ms, ms per
     * connection): the figure's range across a bound of the same unit; "on the bound" within 2 % of
     * the range's half-width.
     */
    public static String toDecideDifference(Spread value, int samples, String unit, String valueUnit, double... bounds) {
        if (value == null || Double.isNaN(value.median())) {
            return "";
        }
        double half = Math.max(value.median() - value.min(), value.max() - value.median());
        return decide(value.median(), value.min(), value.max(), bounds, 0.02 * half, samples, unit,
                v -> lab.report.Fmt.num(v) + " " + valueUnit, b -> lab.report.Fmt.trimmed(b) + " " + valueUnit);
    }

    /** The rule of both: samples needed grow with (half-width ÷ distance to the nearest bound)². */
    private static String decide(double m, double min, double max, double[] bounds, double onBound, int samples, String unit,
                                 java.util.function.DoubleFunction<String> figure, java.util.function.DoubleFunction<String> bound) {
        if (samples < 1 || bounds.length == 0) {
            return "";
        }
        double half = Math.max(m - min, max - m);
        double nearest = bounds[0];
        for (double b : bounds) {
            if (Math.abs(m - b) < Math.abs(m - nearest)) {
                nearest = b;
            }
        }
        double d = Math.abs(m - nearest);
        if (d >= half) {
            return "";
        }
        if (d < onBound) {
            return String.format(Locale.ROOT, "to decide: the median %s sits on the bound %s; more %s narrow the range but "
                    + "cannot put it on one side", figure.apply(m), bound.apply(nearest), unit);
        }
        long need = (long) Math.ceil(samples * (half / d) * (half / d));
        return String.format(Locale.ROOT, "to decide: about %d %s a side (this run: %d) for the range to clear %s, were "
                + "they as spread as here", need, unit, samples, bound.apply(nearest));
    }

    public enum Status {
        REPRODUCED("reproduced"),
        /** The direction holds, below the thesis' band (e.g. 2.1× where it measured 4.75×). */
        WEAKER("weaker"),
        /** The direction holds, by more than the thesis' band (e.g. 8× where it said "about 5×"). */
        EXCEEDED("exceeded"),
        NOT_REPRODUCED("not reproduced"),
        /** The ranges allow both readings. */
        INCONCLUSIVE("inconclusive"),
        NOT_MEASURED("not measured");

        private final String label;

        Status(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }

        /** The CSS class of the status badge. */
        public String css() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
