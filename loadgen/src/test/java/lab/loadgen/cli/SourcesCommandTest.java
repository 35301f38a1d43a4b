package lab.loadgen.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import lab.loadgen.Main;

/** loadgen sources: what the entrypoint and run-instance.sh export, so that no shell parses a URL. */
class SourcesCommandTest {

    @Test
    void secretsReplaceThePasswordsOfTheURLsTheEnvironmentSets(@TempDir Path secrets) throws Exception {
        Files.writeString(secrets.resolve("mysql_password"), "0a1b2c\n");
        Files.writeString(secrets.resolve("postgres_password"), "9f8e7d");
        Map<String, String> env = SourcesCommand.withSecrets(Map.of(
                "CONTACTS_MYSQL_URL", "mysql://bench:bench@db1:13306/contacts",
                "LOGS_PG_URL", "postgresql://bench:bench@db2:15433/logs",
                "UNRELATED", "mysql://x:y@z/w"), secrets);
        assertEquals("mysql://bench:0a1b2c@db1:13306/contacts", env.get("CONTACTS_MYSQL_URL"));
        assertEquals("postgresql://bench:9f8e7d@db2:15433/logs", env.get("LOGS_PG_URL"));
        assertEquals("mysql://x:y@z/w", env.get("UNRELATED"));
        assertTrue(!env.containsKey("SHOP_DB_URL"), "a source the environment does not set keeps its default");

        Files.delete(secrets.resolve("postgres_password"));
        assertEquals("postgresql://bench:bench@db2:15433/logs",
                SourcesCommand.withSecrets(Map.of("LOGS_PG_URL", "postgresql://bench:bench@db2:15433/logs"), secrets).get("LOGS_PG_URL"));
    }

    @Test
    void anInstancesURLsGoThroughItsOwnProxiesOnTheHostGiven() {
        List<String> direct = run("sources", "portal-jdbc", "--instances", "../instances.conf");
        assertEquals(4, direct.size(), String.valueOf(direct));
        List<String> proxied = run("sources", "portal-jdbc", "--instances", "../instances.conf", "--proxy-host", "toxiproxy");
        assertEquals(4, proxied.size(), String.valueOf(proxied));
        // 10000 + 8081 + 100 × source number: contacts_mysql is source 1
        assertTrue(proxied.getFirst().startsWith("CONTACTS_MYSQL_URL=mysql://") && proxied.getFirst().contains("@toxiproxy:18181/"),
                proxied.getFirst());
        assertNotEquals(direct, proxied);
        assertEquals(List.of("SHOP_DB_URL"), run("sources", "shop-jdbc", "--instances", "../instances.conf").stream()
                .map(l -> l.substring(0, l.indexOf('='))).toList());
        assertEquals(5, run("sources").size(), "without an instance: every source");
        assertEquals("mysql://bench:bench@127.0.0.1:3306/bench_e2e_shop",
                SourcesCommand.withDatabasePrefix(Map.of(), "bench_e2e_").get("SHOP_DB_URL"), "make e2e's own databases");
    }

    @Test
    void composeGivesTheUsersURLElseTheServerAtItsAddressElseItsService() {
        Map<String, String> env = lab.loadgen.config.ComposeSources.env(Map.of(
                "COMPOSE_CONTACTS_MYSQL_URL", "mysql://me:pw@db1.example:3306/contacts",
                "POSTGRES_LOGS_ADDRESS", "10.77.0.11:15433",
                "COMPOSE_SHOP_DB_URL", ""));
        assertEquals("mysql://me:pw@db1.example:3306/contacts", env.get("CONTACTS_MYSQL_URL"));
        assertEquals("postgresql://bench:bench@10.77.0.11:15433/logs", env.get("LOGS_PG_URL"));
        assertEquals("postgresql://bench:bench@postgres-contacts:5432/contacts", env.get("CONTACTS_PG_URL"));
        assertEquals("mysql://bench:bench@mysql-shop:3306/shop", env.get("SHOP_DB_URL"), "blank counts as unset, as in compose");
        assertThrows(IllegalArgumentException.class,
                () -> lab.loadgen.config.ComposeSources.env(Map.of("MYSQL_LOGS_ADDRESS", "no-port")));
    }

    /** make compose-sources: the block's entries replaced in place, the rest of the file as it was. */
    @Test
    void composeYamlWritesTheBlockInPlace(@TempDir Path dir) throws Exception {
        Path compose = dir.resolve("docker-compose.yml");
        String head = "# the sources\nx-sources: &sources\n  LAB_DB_TLS_CA: ${COMPOSE_DB_TLS_CA:-}\n";
        String tail = "\nx-build-args: &build-args [JDK_IMAGE]\nservices:\n  a:\n    image: x\n";
        Files.writeString(compose, head + "  CONTACTS_MYSQL_URL: ${COMPOSE_CONTACTS_MYSQL_URL:-mysql://old}\n" + tail);
        assertTrue(run("sources", "--compose-yaml", "--write", compose.toString()).getFirst().endsWith("x-sources rewritten"));
        assertEquals(head + lab.loadgen.config.ComposeSources.yaml() + tail, Files.readString(compose));
        assertTrue(run("sources", "--compose-yaml", "--write", compose.toString()).getFirst().endsWith("already current"));
        Files.writeString(compose, "services: {}\n");
        assertThrows(IllegalArgumentException.class, () -> lab.loadgen.config.ComposeSources.rewrite(Files.readString(compose)));
    }

    private static List<String> run(String... args) {
        PrintStream saved = System.out;
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
            assertEquals(0, Main.commandLine().execute(args));
        } finally {
            System.setOut(saved);
        }
        return out.toString(StandardCharsets.UTF_8).lines().toList();
    }
}
