package lab.access;

import java.util.Arrays;
import java.util.stream.Stream;
import lab.access.SourceUrl.Engine;
import org.junit.jupiter.params.provider.Arguments;

/** Parameter sources: every engine × every mode, and subsets. */
final class Cases {

    private Cases() {
    }

    static Stream<Arguments> all() {
        return Arrays.stream(Engine.values()).flatMap(e -> Arrays.stream(Mode.values()).map(m -> Arguments.of(e, m)));
    }

    /** The modes whose calls return before the work is done. */
    static Stream<Arguments> async() {
        return all().filter(a -> a.get()[1] != Mode.JDBC);
    }

    /** The JDBC-based modes (jdbc, threadpool, virtual). */
    static Stream<Arguments> jdbc() {
        return all().filter(a -> a.get()[1] != Mode.NONBLOCKING && a.get()[1] != Mode.R2DBC);
    }

    /** The modes whose calls each lease a connection from a bounded pool and wait for it (not Vert.x's shared lanes). */
    static Stream<Arguments> pooled() {
        return all().filter(a -> a.get()[1] != Mode.NONBLOCKING);
    }

    static Stream<Arguments> modes() {
        return Arrays.stream(Mode.values()).map(Arguments::of);
    }

    static Stream<Arguments> engines() {
        return Arrays.stream(Engine.values()).map(Arguments::of);
    }

    static String sleep(Engine engine, double seconds) {
        return engine == Engine.MYSQL ? "SELECT SLEEP(" + seconds + ") AS slept" : "SELECT pg_sleep(" + seconds + ")::text AS slept";
    }
}
