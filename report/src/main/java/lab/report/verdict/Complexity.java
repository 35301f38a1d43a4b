package lab.report.verdict;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import lab.access.Mode;

/**
 * "Asynchronous drivers are much more complicated to use" (thesis, conclusion), counted from this
 * repository's own source when the page is built. Judged on the data-access code itself: the
 * portal's 12-query page written once against JDBC and once against the Vert.x SQL client
 * (access-tests, {@code lab.access.direct}, whose test shows both give the same rows from the real
 * servers). The lab's own pages run on one API in every mode, so their sizes (shown beside, with
 * the engines behind that API) say how much the API hides, not how hard a driver is to use. Lines
 * of code are the non-blank lines outside comments of the Java files, package and imports left out.
 */
public final class Complexity {

    /** How much more page code counts as "much more complicated". */
    static final double MUCH = 1.5;

    /** The page written against each driver itself, and the test that shows both are the same page. */
    static final String DIRECT_DIR = "access-tests/src/test/java/lab/access/direct";
    static final String DIRECT_JDBC = "JdbcPage.java";
    static final String DIRECT_ASYNC = "VertxPage.java";
    static final String DIRECT_TEST = "access-tests/src/test/java/lab/access/DirectPagesTest.java";

    /** Per app: the page's own files (every mode), and per mode (in page order) the files only that mode's page uses. */
    record AppCode(String app, String dir, List<String> pageFiles, Map<String, List<String>> modeFiles) {
    }

    static final List<AppCode> APPS = List.of(
            new AppCode("portal", "servlet-portal/src/main/java/lab/portal",
                    List.of("PortalService.java", "Picks.java", "Panel.java", "PortalPage.java", "PortalView.java",
                            "PortalSource.java"),
                    Map.of(Mode.JDBC.id(), List.of("BlockingPageController.java"), Mode.THREADPOOL.id(), List.of("BlockingPageController.java"),
                            Mode.NONBLOCKING.id(), List.of("BlockingPageController.java"), Mode.VIRTUAL.id(), List.of("BlockingPageController.java"),
                            "reactive", List.of("ReactivePageController.java"))),
            new AppCode("shop", "eventdriven-shop/src/main/java/lab/shop",
                    List.of("pages/LandingPage.java", "pages/SearchPage.java", "pages/ItemPage.java",
                            "pages/PurchasePage.java", "pages/OrderPage.java", "pages/MixPage.java", "pages/Params.java",
                            "store/ShopStore.java"),
                    Map.of(Mode.JDBC.id(), List.of(), Mode.THREADPOOL.id(), List.of(), Mode.NONBLOCKING.id(), List.of(), Mode.VIRTUAL.id(), List.of())));

    /** An access engine: the modes it serves and its packages (found in whichever module holds them). */
    record Engine(String label, List<String> packages) {
    }

    static final List<Engine> ENGINES = List.of(
            new Engine("JDBC (jdbc, threadpool, virtual)", List.of("lab/access/jdbc")),
            new Engine("Vert.x (nonblocking, reactive)", List.of("lab/access/nonblocking", "lab/access/vertx")));

    private Complexity() {
    }

    /**
     * The clone this code was built in: the nearest directory above the code's own location (its classes
     * or jar) holding the direct pages; empty when there is none (a jar copied away from its clone). Found
     * from where the code lies, not from the working directory, so the claim reads the same from anywhere.
     */
    public static Optional<Path> sourceRoot() {
        try {
            Path at = Path.of(Complexity.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toAbsolutePath();
            for (Path dir = at; dir != null; dir = dir.getParent()) {
                if (Files.isDirectory(dir.resolve(DIRECT_DIR))) {
                    return Optional.of(dir);
                }
            }
        } catch (URISyntaxException | SecurityException | NullPointerException e) {
            // no code location to start from: the source is not known to be beside the code
        }
        return Optional.empty();
    }

    /** The claim on the source of the clone this code was built in ({@link #sourceRoot}). */
    public static Claim claim() {
        return claim(sourceRoot().orElse(Path.of("/nonexistent")));
    }

    /** The claim on the source found under {@code root} (a clone: the directory with the apps' folders). */
    public static Claim claim(Path root) {
        String claim = "Asynchronous drivers are much more complicated to use (lines of code of the same 12-query page written "
                + "against JDBC and against the non-blocking Vert.x client; much more: at least " + MUCH + "×)";
        Path direct = root.resolve(DIRECT_DIR);
        if (!Files.isRegularFile(direct.resolve(DIRECT_JDBC)) || !Files.isRegularFile(direct.resolve(DIRECT_ASYNC))) {
            return new Claim("5", claim, Claim.Status.NOT_MEASURED, "the source is not beside the code (" + DIRECT_DIR
                    + "): build the page from a clone (make report RUN=…)").quoting(ThesisText.COMPLEXITY);
        }
        long jdbc = lines(List.of(direct.resolve(DIRECT_JDBC)));
        long async = lines(List.of(direct.resolve(DIRECT_ASYNC)));
        double ratio = (double) async / jdbc;
        boolean much = ratio >= MUCH;
        return new Claim("5", claim, much ? Claim.Status.REPRODUCED : Claim.Status.NOT_REPRODUCED, String.format(Locale.ROOT,
                "the page against JDBC %d lines (%s), against Vert.x %d lines (%s): %.2f×, the same rows (%s). %s Beside it, the "
                        + "lab's own pages on its one API: %s",
                jdbc, DIRECT_JDBC, async, DIRECT_ASYNC, ratio, DIRECT_TEST.substring(DIRECT_TEST.lastIndexOf('/') + 1),
                much ? "The non-blocking page needs at least " + MUCH + "× the code."
                        : "The non-blocking page needs under " + MUCH + "× the code: futures joined, and PostgreSQL's $1 placeholders.",
                labPages(root))).quoting(ThesisText.COMPLEXITY);
    }

    /** The lab's pages per mode and the engines behind its API, in lines ("not found" when the source is not there). */
    private static String labPages(Path root) {
        if (!Files.isDirectory(root.resolve(APPS.getFirst().dir()))) {
            return "not found";
        }
        StringBuilder evidence = new StringBuilder();
        for (AppCode app : APPS) {
            long shared = lines(app.pageFiles().stream().map(f -> root.resolve(app.dir()).resolve(f)).toList());
            Map<String, Long> page = new LinkedHashMap<>();
            app.modeFiles().forEach((mode, files) ->
                    page.put(mode, shared + lines(files.stream().map(f -> root.resolve(app.dir()).resolve(f)).toList())));
            evidence.append(evidence.isEmpty() ? "" : "; ").append(app.app()).append(" page: ");
            page.entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> evidence.append(e.getKey())
                    .append(' ').append(e.getValue()).append(", "));
            evidence.setLength(evidence.length() - 2);
        }
        evidence.append("; engines behind the one API: ");
        ENGINES.forEach(e -> evidence.append(e.label()).append(' ').append(enginelines(root, e.packages())).append(", "));
        evidence.setLength(evidence.length() - 2);
        return evidence.append(" lines").toString();
    }

    private static long enginelines(Path root, List<String> packages) {
        try (Stream<Path> modules = Files.list(root)) {
            return modules.flatMap(m -> packages.stream().map(p -> m.resolve("src/main/java").resolve(p)))
                    .filter(Files::isDirectory)
                    .mapToLong(d -> lines(javaFiles(d))).sum();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static List<Path> javaFiles(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(f -> f.toString().endsWith(".java")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Non-blank lines outside comments of the files that exist. */
    static long lines(List<Path> files) {
        long n = 0;
        for (Path f : files) {
            if (Files.isRegularFile(f)) {
                try {
                    n += lines(Files.readString(f));
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        }
        return n;
    }

    static long lines(String source) {
        String code = source.replaceAll("(?s)/\\*.*?\\*/", "").replaceAll("(?m)//.*$", "");
        return code.lines().filter(l -> !l.isBlank() && !l.strip().startsWith("import ") && !l.strip().startsWith("package ")).count();
    }
}
