package lab.report;

/**
 * One published claim checked against this run's numbers.
 *
 * @param source   where it is claimed, e.g. "Table 4.1" or "Figure 4.3"
 * @param claim    what it says, in a few words
 * @param status   what this run says about it
 * @param evidence the numbers behind the status (or why there are none)
 */
public record Claim(String source, String claim, Status status, String evidence) {

    public enum Status {
        REPRODUCED("reproduced"),
        NOT_REPRODUCED("not reproduced"),
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
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }
}
