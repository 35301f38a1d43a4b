package lab.seed.load;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import lab.access.DbTls;
import lab.access.SourceUrl;
import lab.seed.SeedException;

/** Opens JDBC connections for loading, turning failures into one line naming host, port and user. */
public final class LoadConnections {

    private LoadConnections() {
    }

    public static Connection open(SourceUrl url) {
        Dialect dialect = Dialect.of(url);
        try {
            return DriverManager.getConnection(dialect.jdbcUrl(url), Dialect.login(url));
        } catch (SQLException e) {
            throw new SeedException("cannot connect to " + url.engine().scheme + " server " + url.host() + ":" + url.port()
                    + " (database '" + url.database() + "') as user '" + url.user() + "': " + firstLine(e.getMessage())
                    + " — " + hint(e));
        }
    }

    private static String hint(SQLException e) {
        String state = e.getSQLState() == null ? "" : e.getSQLState();
        if (state.startsWith("28") || e.getErrorCode() == 1045) {
            return "check the user and password in the source URL; 'make db' creates the default user";
        }
        if (String.valueOf(e.getMessage()).matches("(?is).*(certificat|ssl|tls|pkix).*")) {
            return "TLS: the server's certificate must be signed by the CA in " + DbTls.ENV + " and name the host dialled";
        }
        return "is the server running? 'make db' starts the local servers";
    }

    static String firstLine(String message) {
        if (message == null) {
            return "no detail from the driver";
        }
        int nl = message.indexOf('\n');
        return (nl < 0 ? message : message.substring(0, nl)).trim();
    }
}
