package lab.access.spi;

/**
 * What a client reports about its calls, as HikariCP's {@code IMetricsTracker} does for its pool:
 * {@link CallGate} calls it, and it decides where the numbers go ({@link MicrometerCallListener}
 * by default). Called on the threads that run calls: it must not block.
 */
public interface CallListener extends AutoCloseable {

    /** A call waited this long from admission until its connection was in hand. */
    void waited(long nanos);

    /** A call ran this long from connection in hand until its result. */
    void executed(long nanos);

    /** A call was refused because the bounded queue was full. */
    void rejected();

    /** The client closed: unregister whatever was registered. */
    @Override
    void close();

    /** What a gate knows of its calls now, for gauges. */
    interface Counts {
        int inFlight();

        int queued();
    }
}
