package lab.shop.http;

import java.util.Map;

/** A FreeMarker template ({@code templates/<name>.ftlh}) and its model, rendered on the event loop. */
public record View(String template, Map<String, Object> model) {
}
