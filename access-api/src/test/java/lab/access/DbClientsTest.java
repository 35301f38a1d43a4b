package lab.access;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Without an engine on the class path (this module has none), a client cannot be made, and the error says which module to add. */
class DbClientsTest {

    @ParameterizedTest
    @EnumSource(Mode.class)
    void aModeWithoutItsEngineNamesTheModuleToAdd(Mode mode) {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> DbClients.create(SourceUrl.parse("mysql://u:p@127.0.0.1:1/db"), mode, ClientOptions.defaults()));
        assertTrue(e.getMessage().contains("'" + mode.id() + "'") && e.getMessage().contains(mode.module()), e.getMessage());
    }
}
