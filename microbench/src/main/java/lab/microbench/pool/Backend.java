package lab.microbench.pool;

import java.util.Locale;
import java.util.function.Consumer;
import lab.access.SourceUrl;
import lab.microbench.db.DriverKind;
import lab.microbench.stub.StubDriver;

/** What a pool's connections talk to: the stub driver (pool alone) or a real server through a real driver. */
public record Backend(String name, String driverClass, String url, String user, String password) {

    public static final String VALIDATION_QUERY = "SELECT 1";

    public static Backend stub() {
        return new Backend("stub", StubDriver.class.getName(), StubDriver.URL + "pool", "stub", "stub");
    }

    /** A real server through the given driver, on database {@code bench_micro}; TLS off as in {@link DriverKind}. */
    public static Backend of(DriverKind kind) {
        SourceUrl db = kind.server();
        String ssl = kind.postgres ? "?sslmode=disable" : "?sslMode=DISABLED";
        return new Backend(kind.name().toLowerCase(Locale.ROOT), kind.driverClass, kind.jdbcUrl() + ssl, db.user(), db.password());
    }

    /** {@code stub}, {@code mysql} (MariaDB server through Connector/J) or {@code postgresql}. */
    public static Backend named(String name) {
        return name.equalsIgnoreCase("stub") ? stub() : of(DriverKind.valueOf(name.toUpperCase(Locale.ROOT)));
    }

    /** Hands driver class, URL, user and password to a pool's four setters. */
    void configure(Consumer<String> driver, Consumer<String> jdbcUrl, Consumer<String> username, Consumer<String> pass) {
        driver.accept(driverClass);
        jdbcUrl.accept(url);
        username.accept(user);
        pass.accept(password);
    }

    public boolean isStub() {
        return name.equals("stub");
    }
}
