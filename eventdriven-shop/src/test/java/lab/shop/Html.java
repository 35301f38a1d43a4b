package lab.shop;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Reading the shop's pages in tests. */
final class Html {

    private Html() {
    }

    /** The {@code data-page} of the body: which template answered. */
    static String page(String html) {
        return first(html, "<body data-page=\"([a-z-]+)\"");
    }

    static String first(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        return m.find() ? m.group(1) : null;
    }

    static List<String> all(String html, String regex) {
        Matcher m = Pattern.compile(regex).matcher(html);
        List<String> found = new ArrayList<>();
        while (m.find()) {
            found.add(m.group(1));
        }
        return found;
    }

    static String escape(String text) {
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;").replace("'", "&#39;");
    }

    static String money(Object value) {
        return new BigDecimal(value.toString()).setScale(2, RoundingMode.UNNECESSARY).toPlainString();
    }
}
