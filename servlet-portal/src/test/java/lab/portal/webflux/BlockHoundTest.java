package lab.portal.webflux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import reactor.blockhound.BlockingOperationError;
import reactor.core.publisher.Mono;
import reactor.core.scheduler.Schedulers;
import reactor.netty.resources.LoopResources;

/**
 * BlockHound is installed in this module's tests (blockhound-junit-platform): a blocking call on a
 * non-blocking thread fails there, so a WebFlux page that blocked would fail its test with a 500.
 */
class BlockHoundTest {

    @Test
    void aSleepOnAReactorNettyLoopFails() {
        LoopResources loops = LoopResources.create("blockhound-test");
        try {
            var slept = loops.onServer(true).next().submit(() -> {
                Thread.sleep(1);
                return Thread.currentThread().getName();
            });

            assertThatThrownBy(() -> slept.get(10, TimeUnit.SECONDS)).isInstanceOf(ExecutionException.class)
                    .cause().isInstanceOf(BlockingOperationError.class).hasMessageContaining("java.lang.Thread.sleep");
        } finally {
            loops.dispose();
        }
    }

    @Test
    void aSleepOnReactorsParallelSchedulerFails() {
        Mono<String> sleeping = Mono.fromCallable(() -> {
            Thread.sleep(1);
            return "slept";
        }).subscribeOn(Schedulers.parallel());

        assertThatThrownBy(sleeping::block).rootCause().isInstanceOf(BlockingOperationError.class);
    }

    @Test
    void theSameSleepOnAPlainThreadIsAllowed() throws Exception {
        Thread.sleep(1);
        assertThat(Thread.currentThread().getName()).doesNotContain("nio", "parallel");
    }
}
