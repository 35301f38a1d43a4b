package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A keep-alive client that asks for the next page the moment the last one ends, as oha and wrk do:
 * every page is answered. On Reactor Netty 1.3.6 a WebFlux page written from a database client's
 * thread left such a request unread until the client gave up, about one in a few hundred
 * ({@code WebfluxPageController#eventLoopOf}); without that fix this test failed on webflux-vertx
 * at page 27.
 */
class KeepAliveTest {

    private static final int PAGES = 1_000;
    /** A page is answered within its timeout; past that and some slack, the request was lost. */
    private static final int LOST_AFTER_MS = (int) Portal.PAGE_TIMEOUT.toMillis() + 4_000;
    private static final byte[] REQUEST = "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII);

    @ParameterizedTest
    @MethodSource("lab.portal.Serving#all")
    void everyPageOnAKeptAliveConnectionIsAnswered(Serving mode) throws IOException {
        Portal portal = Portal.shared(mode);
        Socket socket = null;
        try {
            for (int page = 0; page < PAGES; page++) {
                if (socket == null) {
                    socket = new Socket("127.0.0.1", portal.port);
                    socket.setTcpNoDelay(true);
                    socket.setSoTimeout(LOST_AFTER_MS);
                }
                OutputStream out = socket.getOutputStream();
                out.write(REQUEST);
                out.flush();
                try {
                    Response response = readResponse(socket.getInputStream());
                    assertThat(response.status).as("status of page %d", page).isEqualTo(200);
                    if (response.close) {
                        // Tomcat ends a connection after 100 requests (maxKeepAliveRequests)
                        socket.close();
                        socket = null;
                    }
                } catch (SocketTimeoutException e) {
                    fail("page %d of %d: no answer within %d ms on a kept-alive connection", page, PAGES, LOST_AFTER_MS);
                }
            }
        } finally {
            if (socket != null) {
                socket.close();
            }
        }
    }

    private record Response(int status, boolean close) {
    }

    /** Reads one response framed by Content-Length (the portal's pages are), unbuffered: nothing past it. */
    private static Response readResponse(InputStream in) throws IOException {
        int status = Integer.parseInt(readLine(in).substring("HTTP/1.1 ".length(), "HTTP/1.1 ".length() + 3));
        int length = -1;
        boolean close = false;
        for (String line = readLine(in); !line.isEmpty(); line = readLine(in)) {
            String header = line.toLowerCase(Locale.ROOT);
            if (header.startsWith("content-length:")) {
                length = Integer.parseInt(header.substring("content-length:".length()).trim());
            }
            close |= header.startsWith("connection:") && header.contains("close");
        }
        assertThat(length).as("Content-Length").isNotNegative();
        in.readNBytes(length);
        return new Response(status, close);
    }

    private static String readLine(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int c = in.read(); c != '\n'; c = in.read()) {
            if (c < 0) {
                throw new EOFException("connection closed mid-response");
            }
            if (c != '\r') {
                line.append((char) c);
            }
        }
        return line.toString();
    }
}
