package lab.loadgen.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import lab.loadgen.tool.Measurement;

/** How long a point's repetitions run, from its warm-up (PointRunner.repetitionSec). */
class RepetitionLengthTest {

    static Measurement warmup(Double answersPerSec) {
        return new Measurement(answersPerSec, null, Measurement.Latencies.NONE, null, 2.0, 0L, Map.of(), null, null,
                Map.of(), null, null, answersPerSec, null, null, "successes");
    }

    @Test
    void fastRepliesKeepThePlansLength() {
        // portal nonblocking at 78 ms and 200 connections: 1,590 answers/s, a reply of 0.13 s
        assertEquals(3, PointRunner.repetitionSec(3, 200, warmup(1590.0), true));
    }

    @Test
    void slowRepliesStretchTheRepetitionUpToThreeTimesThePlan() {
        // jdbc at 20 ms and 200 connections: 200 pages/s, a reply of 1 s: 4 replies need 4 s
        assertEquals(4, PointRunner.repetitionSec(3, 200, warmup(200.0), true));
        // jdbc at 78 ms and 200 connections: 27 answers/s in the warm-up, a reply of 7 s: capped at 9 s
        assertEquals(9, PointRunner.repetitionSec(3, 200, warmup(27.0), true));
        // no answer at all in the warm-up: the longest
        assertEquals(9, PointRunner.repetitionSec(3, 200, warmup(0.0), true));
    }

    @Test
    void anOpenLoopOrAnUnreadWarmupKeepsThePlan() {
        assertEquals(3, PointRunner.repetitionSec(3, 200, warmup(27.0), false));
        assertEquals(3, PointRunner.repetitionSec(3, 200, null, true));
        assertEquals(3, PointRunner.repetitionSec(3, 200, Measurement.failed("wrk did not start"), true));
    }
}
