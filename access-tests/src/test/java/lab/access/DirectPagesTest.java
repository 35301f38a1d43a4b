package lab.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.mysql.cj.jdbc.MysqlDataSource;
import io.vertx.core.Vertx;
import io.vertx.mysqlclient.MySQLBuilder;
import io.vertx.mysqlclient.MySQLConnectOptions;
import io.vertx.pgclient.PgBuilder;
import io.vertx.pgclient.PgConnectOptions;
import io.vertx.sqlclient.Pool;
import io.vertx.sqlclient.SqlConnectOptions;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import lab.access.SourceUrl.Engine;
import lab.access.direct.JdbcPage;
import lab.access.direct.Page;
import lab.access.direct.VertxPage;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * The page written against each driver itself (lab.access.direct, whose lines the thesis' claim
 * "asynchronous drivers are much more complicated to use" compares) shows the same rows from the
 * real servers: both versions are the same page, not two pages of different size.
 */
class DirectPagesTest {

    private static final LocalDateTime FROM = LocalDateTime.of(2024, 3, 1, 0, 0);
    private static final LocalDateTime TO = LocalDateTime.of(2024, 3, 2, 0, 0);
    private static Vertx vertx;

    @BeforeAll
    static void createTables() throws Exception {
        for (Engine engine : Engine.values()) {
            String ts = engine == Engine.MYSQL ? "DATETIME" : "TIMESTAMP";
            TestDb.execute(engine,
                    "DROP TABLE IF EXISTS direct_contacts", "DROP TABLE IF EXISTS direct_log",
                    "CREATE TABLE direct_contacts (id INT PRIMARY KEY, name VARCHAR(40) NOT NULL, phone VARCHAR(20) NOT NULL)",
                    "CREATE TABLE direct_log (uri VARCHAR(60) NOT NULL, ts " + ts + " NOT NULL)",
                    "INSERT INTO direct_contacts VALUES (1, 'Ada', '555-0101'), (2, 'Brian', '555-0102'), (3, 'Chen', '555-0103'),"
                            + " (4, 'Dara', '555-0104'), (5, 'Emil', '555-0105'), (6, 'Fay', '555-0106')",
                    "INSERT INTO direct_log VALUES ('/a', '2024-03-01 10:00:00'), ('/a', '2024-03-01 23:59:59'),"
                            + " ('/a', '2024-03-02 00:00:00'), ('/b', '2024-03-01 12:00:00')");
        }
        vertx = Vertx.vertx();
    }

    @AfterAll
    static void closeVertx() throws Exception {
        vertx.close().toCompletionStage().toCompletableFuture().get(10, TimeUnit.SECONDS);
    }

    private static DataSource dataSource(Engine engine) {
        SourceUrl url = TestDb.url(engine);
        if (engine == Engine.MYSQL) {
            MysqlDataSource ds = new MysqlDataSource();
            ds.setUrl(url.jdbcUrl() + "?allowPublicKeyRetrieval=true&sslMode=DISABLED");
            ds.setUser(url.user());
            ds.setPassword(url.password());
            return ds;
        }
        PGSimpleDataSource ds = new PGSimpleDataSource();
        ds.setUrl(url.jdbcUrl());
        ds.setUser(url.user());
        ds.setPassword(url.password());
        return ds;
    }

    private static VertxPage.Source pool(Engine engine) {
        SourceUrl url = TestDb.url(engine);
        SqlConnectOptions options = engine == Engine.MYSQL ? new MySQLConnectOptions().setPipeliningLimit(8)
                : new PgConnectOptions().setPipeliningLimit(8);
        options.setHost(url.host()).setPort(url.port()).setDatabase(url.database()).setUser(url.user()).setPassword(url.password());
        Pool pool = engine == Engine.MYSQL ? MySQLBuilder.pool().connectingTo(options).using(vertx).build()
                : PgBuilder.pool().connectingTo(options).using(vertx).build();
        return new VertxPage.Source(pool, engine == Engine.POSTGRESQL);
    }

    @Test
    void bothPagesShowTheSameRows() throws Exception {
        List<Integer> ids = List.of(1, 3, 5, 7, 2);
        JdbcPage jdbc = new JdbcPage(List.of(dataSource(Engine.MYSQL), dataSource(Engine.POSTGRESQL)),
                List.of(dataSource(Engine.MYSQL), dataSource(Engine.POSTGRESQL)));
        List<VertxPage.Source> pools = List.of(pool(Engine.MYSQL), pool(Engine.POSTGRESQL));
        VertxPage nonblocking = new VertxPage(pools, pools);
        try {
            Page blocking = jdbc.load(ids, "/a", FROM, TO);
            Page fired = nonblocking.load(ids, "/a", FROM, TO).toCompletionStage().toCompletableFuture()
                    .get(Duration.ofSeconds(30).toSeconds(), TimeUnit.SECONDS);
            List<Page.Contact> rows = List.of(new Page.Contact(1, "Ada", "555-0101"), new Page.Contact(3, "Chen", "555-0103"),
                    new Page.Contact(5, "Emil", "555-0105"), new Page.Contact(2, "Brian", "555-0102"));
            assertEquals(new Page(List.of(rows, rows), List.of(2L, 2L)), blocking, "id 7 has no row; /a twice in the window");
            assertEquals(blocking, fired);
        } finally {
            pools.forEach(p -> p.pool().close());
        }
    }
}
