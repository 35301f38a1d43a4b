package lab.microbench;

import lab.microbench.thesis.ThesisPlan;
import picocli.CommandLine.Option;

/** {@code --quick} (default), {@code --full} or {@code --smoke}: the one length switch of every benchmark command. */
public final class RunLength {

    @Option(names = "--quick", description = "a few minutes per experiment on 2 cores (default)")
    boolean quick;

    @Option(names = "--full", description = "the long version: full parameter ranges, more forks and iterations")
    boolean full;

    @Option(names = "--smoke", description = "the thesis experiments at their fewest points and shortest iterations (make thesis-quick); "
            + "pools and drivers as in --quick")
    boolean smoke;

    public boolean full() {
        return full;
    }

    public ThesisPlan thesisPlan() {
        return full ? ThesisPlan.full() : smoke ? ThesisPlan.smoke() : ThesisPlan.quick();
    }
}
