package lab.portal;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a rendered portal page says, read back from its HTML: per panel its data (contact rows,
 * hit counts), status and thread; and the page's facts. Timing text is left out on purpose.
 */
record PageData(Map<String, String> facts, Map<String, PanelData> panels) {

    private static final Pattern FACTS = Pattern.compile("<dl class=\"facts\"([^>]*)>", Pattern.DOTALL);
    private static final Pattern ATTRIBUTE = Pattern.compile("data-([a-z-]+)=\"([^\"]*)\"");
    private static final Pattern PANEL = Pattern.compile(
            "<section class=\"panel [^\"]*\" data-source=\"([^\"]+)\" data-ok=\"(true|false)\" data-thread=\"([^\"]*)\">(.*?)</section>",
            Pattern.DOTALL);
    private static final Pattern CONTACT = Pattern.compile("<tr class=\"contact\".*?</tr>", Pattern.DOTALL);
    private static final Pattern HITS = Pattern.compile("<p class=\"hits\" ([^>]*)>");
    private static final Pattern ERROR = Pattern.compile("<p class=\"error\" role=\"alert\">(.*?)</p>", Pattern.DOTALL);

    /**
     * @param data  the contact rows or the hits attributes, as rendered
     * @param error the panel's error text, or null
     */
    record PanelData(boolean ok, String thread, List<String> data, String error) {
    }

    static PageData parse(String html) {
        Matcher facts = FACTS.matcher(html);
        if (!facts.find()) {
            throw new AssertionError("not a portal page:\n" + html);
        }
        Map<String, PanelData> panels = new LinkedHashMap<>();
        Matcher panel = PANEL.matcher(html);
        while (panel.find()) {
            String body = panel.group(4);
            List<String> data = new ArrayList<>();
            CONTACT.matcher(body).results().forEach(m -> data.add(m.group()));
            HITS.matcher(body).results().forEach(m -> data.add(m.group(1)));
            Matcher error = ERROR.matcher(body);
            panels.put(panel.group(1), new PanelData(Boolean.parseBoolean(panel.group(2)), panel.group(3), data,
                    error.find() ? error.group(1) : null));
        }
        return new PageData(attributes(facts.group(1)), panels);
    }

    /** Per source, the data rendered: equal across modes for the same seed. */
    Map<String, List<String>> data() {
        Map<String, List<String>> data = new LinkedHashMap<>();
        panels.forEach((source, panel) -> data.put(source, panel.data()));
        return data;
    }

    String fact(String name) {
        return facts.get(name);
    }

    private static Map<String, String> attributes(String text) {
        Map<String, String> attributes = new LinkedHashMap<>();
        ATTRIBUTE.matcher(text).results().forEach(m -> attributes.put(m.group(1), m.group(2)));
        return attributes;
    }
}
