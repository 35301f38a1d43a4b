package lab.microbench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import lab.microbench.db.DriverKind;
import lab.microbench.experiment.KillExperiment;
import lab.microbench.experiment.KillExperiment.Outcome;
import lab.microbench.pool.PoolKind;
import lab.microbench.pool.Validation;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The kill experiment really kills the server session and tells a dead connection from a recovered one. */
class KillExperimentTest {

    @ParameterizedTest
    @EnumSource(value = DriverKind.class, names = {"MYSQL", "POSTGRESQL"})
    void withoutValidationTheKilledConnectionIsHandedOut(DriverKind driver) throws Exception {
        KillExperiment.Result r = new KillExperiment().run(PoolKind.TOMCAT, Validation.NONE, driver);
        assertEquals(Outcome.DEAD_CONNECTION, r.first().outcome(), r.toString());
    }

    @ParameterizedTest
    @EnumSource(value = DriverKind.class, names = {"MYSQL", "POSTGRESQL"})
    void validationOnBorrowReplacesTheKilledConnection(DriverKind driver) throws Exception {
        KillExperiment.Result r = new KillExperiment().run(PoolKind.DBCP2, Validation.PING, driver);
        assertEquals(Outcome.RECOVERED, r.first().outcome(), r.toString());
        assertNotEquals(r.killedSession(), r.first().sessionId());
    }
}
