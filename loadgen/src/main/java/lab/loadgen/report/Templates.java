package lab.loadgen.report;

import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.Map;

import freemarker.template.Configuration;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;

/** The FreeMarker templates of the pages (*.ftlh: every ${...} is HTML-escaped unless marked otherwise). */
public final class Templates {

    private static final Configuration CONFIG = configure();

    private Templates() {
    }

    private static Configuration configure() {
        Configuration c = new Configuration(Configuration.VERSION_2_3_34);
        c.setClassLoaderForTemplateLoading(Templates.class.getClassLoader(), "lab/loadgen/templates");
        c.setDefaultEncoding("UTF-8");
        c.setOutputEncoding("UTF-8");
        c.setURLEscapingCharset("UTF-8");
        c.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        c.setLogTemplateExceptions(false);
        c.setWrapUncheckedExceptions(true);
        c.setFallbackOnNullLoopVariable(false);
        c.setNumberFormat("computer");
        return c;
    }

    public static String render(String template, Map<String, Object> model) {
        try {
            StringWriter out = new StringWriter();
            CONFIG.getTemplate(template).process(model, out);
            return out.toString();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load template " + template + ": " + e.getMessage(), e);
        } catch (TemplateException e) {
            throw new IllegalStateException("template " + template + " failed: " + e.getMessage(), e);
        }
    }
}
