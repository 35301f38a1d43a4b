package lab.microbench.pool;

/** One pool configuration: fixed size (min = max = initial), validation on borrow, fair or unfair hand-off. */
public record PoolConfig(Backend backend, int size, Validation validation, boolean fair) {

    public PoolConfig(Backend backend, int size, Validation validation) {
        this(backend, size, validation, true);
    }
}
