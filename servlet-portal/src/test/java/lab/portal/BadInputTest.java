package lab.portal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.params.provider.CsvSource;

/** Bad input answers with a short styled page and the right status, never a stack trace. */
class BadInputTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "/?seed=abc                   | 400 | seed must be a whole number",
            "/?seed=                      | 400 | seed must be a whole number",
            "/?seed=1.5                   | 400 | seed must be a whole number",
            "/?seed=-1                    | 400 | out of range",
            "/?seed=99999999999999999999  | 400 | out of range",
            "/nope                        | 404 | There is no page at /nope",
            "/actuator/env                | 404 | There is no page at /actuator/env",
    })
    void answersWithAShortStyledPage(String path, int status, String message) {
        Portal.Response response = Portal.shared(Serving.valueOf("jdbc")).get(path);

        assertThat(response.status()).isEqualTo(status);
        assertStyledProblemPage(response, status);
        assertThat(response.body()).contains(message);
    }

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource(delimiter = '|', value = {
            "/?seed=abc                   | 400 | seed must be a whole number",
            "/nope                        | 404 | There is no page at /nope",
            "/actuator/env                | 404 | There is no page at /actuator/env",
    })
    void webfluxAnswersWithTheSameShortStyledPage(String path, int status, String message) {
        Portal.Response response = Portal.shared(Serving.valueOf("webflux-vertx")).get(path);

        assertThat(response.status()).isEqualTo(status);
        assertStyledProblemPage(response, status);
        assertThat(response.body()).contains(message);
    }

    @ParameterizedTest
    @ValueSource(strings = {"virtual", "reactive", "webflux"})
    void badSeedIs400InTheOtherControllerToo(Serving mode) {
        Portal.Response response = Portal.shared(mode).get("/?seed=abc");

        assertThat(response.status()).isEqualTo(400);
        assertStyledProblemPage(response, 400);
    }

    @ParameterizedTest
    @ValueSource(strings = {"jdbc", "webflux-vertx"})
    void otherMethodsAre405(Serving mode) {
        Portal.Response response = Portal.shared(mode).post("/");

        assertThat(response.status()).isEqualTo(405);
        assertStyledProblemPage(response, 405);
    }

    @Test
    void whatTheUserTypedIsEscaped() {
        Portal.Response response = Portal.shared(Serving.valueOf("jdbc")).get("/?seed=%3Cscript%3Ealert(1)%3C/script%3E");

        assertThat(response.status()).isEqualTo(400);
        assertThat(response.body()).contains("&lt;script&gt;alert(1)&lt;/script&gt;").doesNotContain("<script>");
    }

    static void assertStyledProblemPage(Portal.Response response, int status) {
        assertThat(response.contentType()).startsWith("text/html");
        assertThat(response.body())
                .contains("<style>", "class=\"problem\" data-status=\"" + status + "\"")
                .doesNotContain("Exception", "\tat ", "at lab.", "at org.", "Whitelabel");
        assertThat(response.body().length()).isLessThan(8_000);
    }
}
