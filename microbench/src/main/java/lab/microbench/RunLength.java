package lab.microbench;

import picocli.CommandLine.Option;

/** {@code --quick} (default) or {@code --full}: the one length switch of every benchmark command. */
public final class RunLength {

    @Option(names = "--quick", description = "a few minutes on 2 cores (default)")
    boolean quick;

    @Option(names = "--full", description = "the long version: full parameter ranges, more forks and iterations")
    boolean full;

    public boolean full() {
        return full;
    }
}
