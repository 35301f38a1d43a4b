package lab.loadgen;

import java.time.Duration;
import java.util.concurrent.CompletionStage;
import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.DbClients;
import lab.access.ForkJoin;
import lab.access.Mode;
import lab.access.SourceUrl;

/**
 * loadgen's own SQL on a server (connection counts, killing sessions, the shop's stock, the link
 * probe), through the access API like the apps' SQL: a {@code jdbc} client of one connection,
 * opened for the job and closed after it, so that loadgen holds no connection between jobs.
 */
public final class AdminSql {

    private AdminSql() {
    }

    /** A client of one connection to {@code source}; every wait on it is bounded by {@code timeout}. */
    public static DbClient open(SourceUrl source, Duration timeout) {
        ClientOptions options = ClientOptions.defaults()
                .withPoolSize(1)
                .withExecutorThreads(1)
                .withQueueBound(0)
                .withConnectTimeout(timeout)
                .withQueryTimeout(timeout);
        return DbClients.create(source, Mode.JDBC, options);
    }

    /** The value of a call (a {@code jdbc} client's stages are complete already); its error as thrown. */
    public static <T> T await(CompletionStage<T> call, Duration timeout) {
        return ForkJoin.join(call, timeout);
    }
}
