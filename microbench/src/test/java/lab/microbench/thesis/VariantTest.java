package lab.microbench.thesis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Every variant runs one operation of each benchmark shape against the real servers (no timing). */
class VariantTest {

    @Test
    void everyVariantAnswersASessionOfFiveAndAFanOut() throws Exception {
        ThesisDb.prepare();
        for (String engine : new String[] {"MYSQL", "POSTGRESQL"}) {
            for (Variant v : Variant.ALL) {
                SessionBench session = new SessionBench();
                session.engine = engine;
                session.variant = v.id();
                session.link = ThesisPlan.LOOPBACK;
                session.requests = 5;
                session.open();
                try {
                    assertEquals(5, session.operation().size(), engine + " " + v.id());
                } finally {
                    session.close();
                }
            }
            FanOutBench fan = new FanOutBench();
            fan.engine = engine;
            fan.variant = Variant.NONBLOCKING_PIPELINED.id();
            fan.servers = 1;
            fan.connections = 3;
            fan.open();
            try {
                assertEquals(3, fan.operation().size());
            } finally {
                fan.close();
            }
        }
    }
}
