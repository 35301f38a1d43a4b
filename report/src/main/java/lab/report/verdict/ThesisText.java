package lab.report.verdict;

/**
 * The sentences of the thesis each judged claim tests, section and a short quote, as the page shows
 * them beside the claim. Quoted here because the thesis' text is not shipped with the lab.
 */
public final class ThesisText {

    private ThesisText() {
    }

    public static final String NETTY_FASTER = "4.1.1, Table 4.1: \"When using Netty, the performance difference is significant.\"";
    public static final String POOL_SLOWER = "4.1.1, Table 4.1: \"We anticipated that the performance of conventional JDBC would be "
            + "faster than using a thread-pool [...] we did not expect this overhead to be as significant as it is.\"";
    public static final String LOOPBACK_MYSQL = "4.1.2, Figure 4.1: \"there is no significant difference between pipelining vs. "
            + "non-pipelining on MySQL.\"";
    public static final String LOOPBACK_PG = "4.1.2, Figure 4.1: \"On Postgresql, however, we see a small benefit is gained from "
            + "pipelining.\"";
    public static final String LAN_THREE = "4.1.2, Figure 4.2: \"using pipelining has a three times performance improvement.\"";
    public static final String LAN_TWO = "4.1.2: \"even after just two requests, there is a significant improvement in performance.\"";
    public static final String WAN_FIVE = "4.1.2, Figure 4.3: \"Over the Internet, where latency is relatively high, we see an "
            + "improvement by a factor of five.\"";
    public static final String HORIZONTAL = "4.1.3, Figure 4.4: \"As we increase the number of RDBMSs, performance degrades more "
            + "slowly giving non-blocking socket I/O an advantage for horizontal scalability.\"";
    public static final String VERTICAL = "4.1.3, Figure 4.5: \"As the number of connections increases, the difference in "
            + "performance is much less with non-blocking socket I/O than with thread-pools.\"";
    public static final String LINEAR = "4.1.3, Figure 4.5's caption: \"Vertical scalability is nearly linear.\"";
    public static final String POOL_BEATS_JDBC = "4.2: \"The thread pool-based database drivers can query each RDBMS "
            + "concurrently, outperforming the JDBC database drivers when the number of web connections is low.\"";
    public static final String POOL_DEGRADES = "4.2: \"as the number of concurrent web requests increases past 400, the thread "
            + "pool gets saturated [...] and the performance starts to degrade.\"";
    public static final String DRAMATIC = "4.2, Figure 4.6: \"Our non-blocking I/O database drivers, however, improve performance "
            + "dramatically.\"";
    public static final String ABYSMAL = "4.2: \"The initial results for our thread-based asynchronous database drives were "
            + "abysmal, averaging around 36 requests/second.\"";
    public static final String REPLY_PORTAL = "4.2, Figure 4.7: \"[these drivers] are able to send data to the socket from the "
            + "calling thread. This eliminates the latency incurred when queuing up requests\"";
    public static final String PORTAL_ERRORS = "4.2: \"As the load increases, the driver starts encountering errors. All of the "
            + "errors we logged stem from connection reset errors communicating with one of the Postgresql RDBMSs.\"";
    public static final String SHOP_SCALES = "4.3, Figure 4.8: \"The thread-pool based driver still scales fairly well however it "
            + "is clear that the non-blocking I/O drivers are able to scale better and have less performance degradation as the "
            + "load increases.\"";
    public static final String SHOP_REPLY = "4.3, Figure 4.9: \"the non-blocking I/O drivers are able to scale better and have less "
            + "performance degradation as the load increases.\"";
    public static final String SHOP_JDBC = "4.3: \"We did not run any plain JDBC experiments on our event-driven web server. Because "
            + "the JDBC calls block, we know that this would perform poorly\"";
    public static final String COMPLEXITY = "5: \"asynchronous database drivers have a significant drawback in that they are much "
            + "more complicated to use than conventional blocking database drivers\"";
}
