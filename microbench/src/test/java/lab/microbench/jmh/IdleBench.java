package lab.microbench.jmh;

import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.BenchmarkParams;

/** A benchmark of next to nothing that records its forks' load as the thesis' benchmarks do, for ForkLoadTest. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class IdleBench {

    @Param({"1"})
    public int size;

    @TearDown(Level.Trial)
    public void recordLoad(BenchmarkParams params) {
        ForkLoad.record(params);
    }

    @Benchmark
    public int operation() {
        return size * 31;
    }
}
