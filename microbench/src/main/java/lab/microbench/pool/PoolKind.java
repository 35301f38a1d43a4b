package lab.microbench.pool;

import java.util.function.Function;

/** The pools under test. TOMCAT is jdbc-pool with its fair queue (its default), TOMCAT_UNFAIR without. */
public enum PoolKind {
    HIKARI("HikariCP", "com.zaxxer", "HikariCP", HikariPools::open),
    TOMCAT("Tomcat jdbc-pool (fair)", "org.apache.tomcat", "tomcat-jdbc", c -> TomcatPools.open(c, true)),
    TOMCAT_UNFAIR("Tomcat jdbc-pool (unfair)", "org.apache.tomcat", "tomcat-jdbc", c -> TomcatPools.open(c, false)),
    DBCP2("commons-dbcp2", "org.apache.commons", "commons-dbcp2", Dbcp2Pools::open),
    C3P0("c3p0", "com.mchange", "c3p0", C3p0Pools::open),
    VIBUR("Vibur DBCP", "org.vibur", "vibur-dbcp", ViburPools::open),
    AGROAL("Agroal", "io.agroal", "agroal-pool", AgroalPools::open);

    public final String label;
    public final String groupId;
    public final String artifactId;
    private final Function<PoolConfig, Pool> factory;

    PoolKind(String label, String groupId, String artifactId, Function<PoolConfig, Pool> factory) {
        this.label = label;
        this.groupId = groupId;
        this.artifactId = artifactId;
        this.factory = factory;
    }

    /** Opens the pool and makes it create all its connections before returning. */
    public Pool open(PoolConfig config) {
        Pool pool = factory.apply(config);
        try {
            PoolWarmup.fill(pool, config.size(), label);
        } catch (RuntimeException e) {
            closeQuietly(pool);
            throw e;
        }
        return pool;
    }

    public String version() {
        return Versions.of(groupId, artifactId);
    }

    private static void closeQuietly(Pool pool) {
        try {
            pool.close();
        } catch (Exception ignored) {
            // the original failure is the one worth reporting
        }
    }
}
