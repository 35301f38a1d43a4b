package lab.microbench.pages;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import lab.microbench.db.DriverKind;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Versions;

/** The machine, servers and library versions a run measured with. */
public record Environment(int cpus, long memoryMb, String cpuModel, String os, String jvm,
                          String mariadb, String postgresql, Map<String, String> libraries, String idleCores) {

    /** @param idleCores what idle cores did during the run ({@link lab.link.IdleCores#state()}) */
    public static Environment current(String idleCores) {
        Map<String, String> libs = new LinkedHashMap<>();
        for (PoolKind p : PoolKind.values()) {
            libs.put(p.artifactId, p.version());
        }
        libs.put("mysql-connector-j", Versions.of("com.mysql", "mysql-connector-j"));
        libs.put("mariadb-java-client", Versions.of("org.mariadb.jdbc", "mariadb-java-client"));
        libs.put("postgresql (pgjdbc)", Versions.of("org.postgresql", "postgresql"));
        libs.put("jmh-core", Versions.of("org.openjdk.jmh", "jmh-core"));
        libs.put("HdrHistogram", Versions.of("org.hdrhistogram", "HdrHistogram"));
        return new Environment(Runtime.getRuntime().availableProcessors(), readMemoryMb(), readCpuModel(),
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                serverVersion(DriverKind.MARIADB), serverVersion(DriverKind.POSTGRESQL), libs, idleCores);
    }

    /** The system's 1-minute load average (-1 where the OS does not tell). */
    public static double loadAverage() {
        return Math.round(ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage() * 100) / 100d;
    }

    private static long readMemoryMb() {
        if (ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os) {
            return os.getTotalMemorySize() / (1024 * 1024);
        }
        return -1;
    }

    private static String readCpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(l -> l.startsWith("model name")).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    /**
     * Asked of the server itself, not of bench_micro: a thesis-only run never creates that
     * database, and the machine table must not call a server it measured unreachable.
     */
    private static String serverVersion(DriverKind driver) {
        String url = driver.jdbcUrl(driver.server().withDatabase(driver.postgres ? "postgres" : ""));
        try (Connection c = driver.connect(url, new Properties()); Statement s = c.createStatement();
             ResultSet rs = s.executeQuery(driver.postgres ? "SHOW server_version" : "SELECT VERSION()")) {
            return rs.next() ? rs.getString(1) : "unknown";
        } catch (Exception e) {
            return "unreachable (" + e.getMessage() + ")";
        }
    }
}
