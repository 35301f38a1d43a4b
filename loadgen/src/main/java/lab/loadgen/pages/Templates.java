package lab.loadgen.pages;

import java.util.Map;

/** loadgen's FreeMarker templates (lab/loadgen/templates), on the report toolkit's configuration and stylesheet. */
public final class Templates {

    private static final lab.report.Templates TEMPLATES = lab.report.Templates.of("lab/loadgen/templates");

    private Templates() {
    }

    public static String render(String template, Map<String, Object> model) {
        return TEMPLATES.render(template, model);
    }
}
