package lab.shop.pages;

import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;

/** {@code GET /metrics}: every meter in Prometheus text format. */
public record MetricsPage(PrometheusMeterRegistry registry) implements Page {

    private static final String TEXT_FORMAT = "text/plain; version=0.0.4; charset=utf-8";

    @Override
    public CompletionStage<Response> handle(Request request) {
        return CompletableFuture.completedFuture(Response.text(HttpResponseStatus.OK, TEXT_FORMAT, registry.scrape()));
    }
}
