package lab.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

import freemarker.cache.ClassTemplateLoader;
import freemarker.cache.MultiTemplateLoader;
import freemarker.cache.TemplateLoader;
import freemarker.template.Configuration;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;

/**
 * The FreeMarker configuration of every report page (*.ftlh: every ${...} is HTML-escaped unless
 * marked otherwise). A module's own templates are looked up first, then the toolkit's
 * ({@code layout.ftlh}, {@code page.ftlh}, {@code style.css}), so a page can
 * {@code <#import "layout.ftlh" as l>} or {@code <#include "style.css" parse=false>}.
 */
public final class Templates {

    static final String TOOLKIT = "lab/report/templates";

    private final Configuration config;

    private Templates(Configuration config) {
        this.config = config;
    }

    /** @param path the module's template folder on the class path, e.g. "lab/loadgen/templates" */
    public static Templates of(String path) {
        ClassLoader loader = Templates.class.getClassLoader();
        TemplateLoader own = new ClassTemplateLoader(loader, path);
        TemplateLoader toolkit = new ClassTemplateLoader(loader, TOOLKIT);
        Configuration c = new Configuration(Configuration.VERSION_2_3_34);
        c.setTemplateLoader(path.equals(TOOLKIT) ? toolkit : new MultiTemplateLoader(new TemplateLoader[] {own, toolkit}));
        c.setDefaultEncoding("UTF-8");
        c.setOutputEncoding("UTF-8");
        c.setURLEscapingCharset("UTF-8");
        c.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        c.setLogTemplateExceptions(false);
        c.setWrapUncheckedExceptions(true);
        c.setFallbackOnNullLoopVariable(false);
        c.setNumberFormat("computer");
        return new Templates(c);
    }

    /** The toolkit's own templates only. */
    public static Templates toolkit() {
        return of(TOOLKIT);
    }

    public String render(String template, Map<String, Object> model) {
        try {
            StringWriter out = new StringWriter();
            config.getTemplate(template).process(model, out);
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load template " + template + ": " + e.getMessage(), e);
        } catch (TemplateException e) {
            throw new IllegalStateException("template " + template + " failed: " + e.getMessage(), e);
        }
    }
}
