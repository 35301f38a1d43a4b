package lab.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import lab.access.SourceUrl;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * scripts/db.sh (`make db`) as the superuser runs it: names and passwords from the env URLs reach
 * SQL safely, as {@link SourceUrl} decodes them (the shell reads them from {@code db-seed servers}). Uses a throw-away user and
 * bench_dbsh_* databases on the real servers (never stops them).
 */
class DbScriptTest {

    static final Path SCRIPTS = Path.of("..", "scripts").toAbsolutePath().normalize();
    static final String USER = "bench_dbsh";
    /** A quote, a %-escaped %, ':' and '@', and a '+' (a space, as URLDecoder reads it). */
    static final String RAW_PASSWORD = "o'k%25%3A%40x+y";

    record Run(int exitCode, String stdout, String stderr) {
    }

    static Run bash(Map<String, String> env, String... command) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("bash"));
        cmd.addAll(List.of(command));
        ProcessBuilder pb = new ProcessBuilder(cmd).directory(SCRIPTS.getParent().toFile());
        pb.environment().put("SEED_CLASSPATH", System.getProperty("java.class.path")); // db-seed servers
        pb.environment().putAll(env);
        Path out = Files.createTempFile("dbsh", ".out");
        Path err = Files.createTempFile("dbsh", ".err");
        pb.redirectOutput(out.toFile()).redirectError(err.toFile());
        Process p = pb.start();
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), "finished: " + cmd);
        return new Run(p.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    /** Every source URL of db.sh pointing at the throw-away user and databases. */
    static Map<String, String> urls(String user, String password) {
        String my = "mysql://" + user + ":" + password + "@127.0.0.1:3306/";
        String pg = "postgresql://" + user + ":" + password + "@127.0.0.1:5432/";
        return Map.of("CONTACTS_MYSQL_URL", my + "bench_dbsh_a", "LOGS_MYSQL_URL", my + "bench_dbsh_b",
                "SHOP_DB_URL", my + "bench_dbsh_a", "CONTACTS_PG_URL", pg + "bench_dbsh_a",
                "LOGS_PG_URL", pg + "bench_dbsh_b", "STATE_DIR", System.getProperty("java.io.tmpdir") + "/dbsh-state");
    }

    static boolean root() {
        return "root".equals(System.getProperty("user.name"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"bench", RAW_PASSWORD, "a+b", "%C3%A9t%C3%A9", "100%25", "p%2Bq%27", "semi;colon$x", ""})
    void theShellGetsUserAndPasswordAsSourceUrlDecodesThem(String raw) throws Exception {
        String url = "postgresql://u" + raw + ":" + raw + "@127.0.0.1:5432/contacts";
        String line = ServersCommand.plan(Map.of("CONTACTS_PG_URL", url)).stream()
                .filter(s -> s.databases().contains("contacts") && s.engine() == SourceUrl.Engine.POSTGRESQL)
                .findFirst().orElseThrow().line();
        // db.sh's own read of a line: an empty password stays a field of its own
        Run r = bash(Map.of(), "-c", "IFS=$'\\x1f' read -r engine host port user password databases <<<\"$1\" && "
                + "printf '%s\\n%s\\n%s' \"$user\" \"$password\" \"$databases\"", "_", line);
        assertEquals(0, r.exitCode(), r.stderr());
        SourceUrl parsed = SourceUrl.parse(url);
        assertEquals(parsed.user() + "\n" + parsed.password() + "\ncontacts shop", r.stdout());
    }

    @Test
    void theSourcesDefaultsNameOneServerPerEngineEachWithAShopDatabase() {
        List<ServersCommand.Server> plan = ServersCommand.plan(Map.of());
        assertEquals(List.of("mysql\u001f127.0.0.1\u001f3306\u001fbench\u001fbench\u001fcontacts logs shop",
                "postgresql\u001f127.0.0.1\u001f5432\u001fbench\u001fbench\u001fcontacts logs shop"),
                plan.stream().map(ServersCommand.Server::line).toList());
        // the shop on PostgreSQL: MariaDB still gets a shop database (the tests run the shop on both)
        List<ServersCommand.Server> pgShop = ServersCommand.plan(
                Map.of("SHOP_DB_URL", "postgresql://bench:bench@127.0.0.1:5432/shop_pg"));
        assertEquals(List.of("contacts logs shop", "contacts logs shop_pg shop"),
                pgShop.stream().map(s -> String.join(" ", s.databases())).toList());
    }

    @Test
    void aBrokenEscapeStopsDbShWithoutShowingThePassword() throws Exception {
        Map<String, String> env = new java.util.HashMap<>(urls(USER, "pw"));
        env.put("LOGS_MYSQL_URL", "mysql://bench:secret%G1@127.0.0.1:3306/logs");
        Run r = bash(env, "scripts/db.sh");
        assertEquals(1, r.exitCode(), r.stdout() + r.stderr());
        assertTrue(r.stderr().contains("malformed database URL 'mysql://bench:***@127.0.0.1:3306/logs' (Malformed escape pair)"),
                r.stderr());
        assertFalse(r.stderr().contains("secret"), r.stderr());
        assertFalse(r.stdout().contains("MySQL-protocol server"), "no server touched: " + r.stdout());
    }

    @Test
    void aPasswordWithQuoteAndPercentWorksOnBothServers() throws Exception {
        assumeTrue(root(), "db.sh creates users only as root");
        Map<String, String> env = urls(USER, RAW_PASSWORD);
        Run r = bash(env, "scripts/db.sh");
        assertEquals(0, r.exitCode(), r.stdout() + r.stderr());
        for (String key : List.of("CONTACTS_MYSQL_URL", "LOGS_PG_URL")) {
            SourceUrl url = SourceUrl.parse(env.get(key));
            assertEquals("o'k%:@x y", url.password());
            try (Connection c = DriverManager.getConnection(url.jdbcUrl(), url.user(), url.password());
                 ResultSet rs = c.createStatement().executeQuery("SELECT 1")) {
                assertTrue(rs.next(), key);
            }
        }
    }

    @Test
    void aNameOutsideTheSafeAlphabetIsRefusedBeforeAnySql() throws Exception {
        assumeTrue(root(), "db.sh creates users only as root");
        Run r = bash(urls("bench_dbsq'x", "pw"), "scripts/db.sh");
        assertNotEquals(0, r.exitCode());
        assertTrue(r.stderr().contains("user name 'bench_dbsq'x' is not accepted"), r.stderr());
        Run users = bash(Map.of(), "-c", "mysql --protocol=socket -uroot -N -B -e \"SELECT COUNT(*) FROM mysql.user WHERE user LIKE 'bench\\_dbsq%'\"");
        assertEquals("0", users.stdout().strip(), "no user created before the refusal");
    }

    @AfterAll
    static void dropTheThrowAwayUser() throws Exception {
        if (!root()) {
            return;
        }
        bash(Map.of(), "-c", """
                mysql --protocol=socket -uroot -e "DROP USER IF EXISTS 'bench_dbsh'@'localhost', 'bench_dbsh'@'127.0.0.1';
                  DROP DATABASE IF EXISTS bench_dbsh_a; DROP DATABASE IF EXISTS bench_dbsh_b"
                runuser -u postgres -- psql -X -q -c 'DROP DATABASE IF EXISTS bench_dbsh_a' \
                  -c 'DROP DATABASE IF EXISTS bench_dbsh_b' -c 'DROP ROLE IF EXISTS bench_dbsh'
                """);
    }
}
