package lab.shop.http;

import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateException;
import freemarker.template.TemplateExceptionHandler;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * FreeMarker over {@code templates/*.ftlh} on the class path: HTML output format, so every
 * {@code ${...}} is escaped. Templates are parsed once and cached; rendering is thread-safe.
 */
public final class Templates {

    private final Configuration config;
    private final Map<String, Object> shared;

    /** @param shared values every template sees (the access mode, for the footer) */
    public Templates(Map<String, Object> shared) {
        config = new Configuration(Configuration.VERSION_2_3_34);
        config.setClassForTemplateLoading(Templates.class, "/templates");
        config.setRecognizeStandardFileExtensions(true); // .ftlh → HTML auto-escaping
        config.setObjectWrapper(new DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34).build());
        config.setDefaultEncoding("UTF-8");
        config.setLocale(Locale.ROOT);
        config.setNumberFormat("computer");
        config.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
        config.setLogTemplateExceptions(false);
        config.setWrapUncheckedExceptions(true);
        config.setFallbackOnNullLoopVariable(false);
        this.shared = Map.copyOf(shared);
    }

    public byte[] render(View view) {
        try {
            Template template = config.getTemplate(view.template() + ".ftlh");
            Map<String, Object> model = new HashMap<>(shared);
            model.putAll(view.model());
            StringWriter out = new StringWriter(4096);
            template.process(model, out);
            return out.toString().getBytes(StandardCharsets.UTF_8);
        } catch (IOException | TemplateException e) {
            throw new IllegalStateException("template " + view.template() + " failed: " + e.getMessage(), e);
        }
    }
}
