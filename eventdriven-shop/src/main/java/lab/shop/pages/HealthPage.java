package lab.shop.pages;

import io.netty.handler.codec.http.HttpResponseStatus;
import java.time.Duration;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import lab.access.DbClient;
import lab.shop.http.Page;
import lab.shop.http.Request;
import lab.shop.http.Response;

/** {@code GET /health}: pings the database (bounded by a timeout); 200 UP or 503 DOWN, as JSON. */
public record HealthPage(DbClient db, Duration timeout) implements Page {

    @Override
    public CompletionStage<Response> handle(Request request) {
        return db.ping().toCompletableFuture().orTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).handle((ok, error) -> {
            boolean up = error == null && Boolean.TRUE.equals(ok);
            String state = up ? "UP" : "DOWN";
            String json = "{\"status\":\"" + state + "\",\"mode\":\"" + db.mode().id() + "\",\"database\":\"" + state + "\"}\n";
            return Response.text(up ? HttpResponseStatus.OK : HttpResponseStatus.SERVICE_UNAVAILABLE, "application/json", json);
        });
    }
}
