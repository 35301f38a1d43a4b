package lab.access.internal;

import lab.access.ClientOptions;
import lab.access.DbClient;
import lab.access.Mode;
import lab.access.SourceUrl;

/** What every client is: one source, one mode, its options. The engines extend it. */
public abstract class SourceClient implements DbClient {

    private final SourceUrl source;
    private final Mode mode;
    private final ClientOptions options;

    protected SourceClient(SourceUrl source, Mode mode, ClientOptions options) {
        this.source = source;
        this.mode = mode;
        this.options = options;
    }

    @Override
    public final SourceUrl source() {
        return source;
    }

    @Override
    public final Mode mode() {
        return mode;
    }

    @Override
    public final ClientOptions options() {
        return options;
    }
}
