package lab.shop.pages;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import lab.access.DbClient;
import lab.access.Readiness;
import lab.access.Timeouts;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;

/**
 * {@code GET /health}, readiness: 200 UP once the pool is warmed up and the database answers a ping
 * (bounded by a timeout), else 503 DOWN, as JSON with statuses only (anyone may ask).
 */
public record HealthPage(DbClient db, Readiness readiness, Duration timeout) implements Page {

    /** {@code GET /health/live}, liveness: the process answers HTTP (the image's HEALTHCHECK); no database. */
    public static final Page LIVE = request -> CompletableFuture.completedFuture(
            Response.text(HttpResponseStatus.OK, "application/json", "{\"status\":\"UP\"}\n"));

    public HealthPage(DbClient db, Duration timeout) {
        this(db, new Readiness(db), timeout);
    }

    @Override
    public CompletionStage<Response> handle(Request request) {
        return Timeouts.within(readiness.check().toCompletableFuture(), timeout.toMillis()).handle((ok, error) -> {
            boolean up = error == null && Boolean.TRUE.equals(ok);
            String state = up ? "UP" : "DOWN";
            String json = "{\"status\":\"" + state + "\",\"database\":\"" + state + "\"}\n";
            return Response.text(up ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, "application/json", json);
        });
    }
}
