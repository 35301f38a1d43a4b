package lab.loadgen.compose;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Makefile agrees with instances.conf: `make portal` and `make shop` offer exactly the app's
 * modes (read from instances.conf, never restated) and start the instance of that name, and every
 * port, instance and example mode the Makefile names is one of instances.conf; and every `make`
 * command the README and docs/ name is one of its targets.
 */
class MakefileConsistencyTest {

    static final Path ROOT = ComposeConsistencyTest.ROOT;

    static InstancesConf conf;
    static String makefile;

    @BeforeAll
    static void read() throws IOException {
        conf = InstancesConf.load(ROOT.resolve("instances.conf"));
        makefile = Files.readString(ROOT.resolve("Makefile"));
    }

    /** The apps that have a foreground target of their own in the Makefile (make portal, make shop). */
    static List<String> appTargets() {
        List<String> apps = conf.apps().stream().filter(a -> makefile.contains("\n" + a + ":")).toList();
        assertEquals(List.of("portal", "shop"), apps, "the apps with a Makefile target");
        return apps;
    }

    @Test
    void anAppTargetWithoutModeNamesTheAppsModes() throws Exception {
        for (String app : appTargets()) {
            String modes = conf.ofApp(app).stream().map(Instance::mode).collect(Collectors.joining("|"));
            Run r = make(app);
            assertTrue(r.exit != 0, "make " + app + " without MODE fails:\n" + r.out);
            assertTrue(r.out.contains("MODE=" + modes + " is required"), "make " + app + " offers " + modes + ":\n" + r.out);
        }
    }

    @Test
    void anAppTargetStartsTheInstanceOfThatMode() throws Exception {
        for (String app : appTargets()) {
            for (Instance i : conf.ofApp(app)) {
                Run r = make(app, "MODE=" + i.mode());
                assertEquals(0, r.exit, "make -n " + app + " MODE=" + i.mode() + ":\n" + r.out);
                assertTrue(r.out.contains("scripts/run-instance.sh " + i.name() + "\n"), i.name() + ":\n" + r.out);
            }
        }
    }

    @Test
    void everyModeListIsReadFromInstancesConf() {
        Matcher m = Pattern.compile("MODE=([a-z]+(?:\\|[a-z]+)+)").matcher(makefile);
        List<String> restated = new ArrayList<>();
        while (m.find()) {
            restated.add(m.group());
        }
        assertEquals(List.of(), restated, "mode lists in the Makefile (use $(call modes_of,<app>))");
    }

    @Test
    void portsInstancesAndExampleModesAreThoseOfInstancesConf() {
        Set<Integer> ports = conf.instances().stream().map(Instance::port).collect(Collectors.toSet());
        Set<String> names = conf.instances().stream().map(Instance::name).collect(Collectors.toSet());
        Set<String> wrong = new TreeSet<>();
        Matcher port = Pattern.compile("(?<![\\w.]):(\\d{4,5})\\b").matcher(makefile);
        while (port.find()) {
            if (!ports.contains(Integer.parseInt(port.group(1)))) {
                wrong.add("port " + port.group());
            }
        }
        Matcher instance = Pattern.compile("run-instance\\.sh ([a-z-]+)(\\$)?").matcher(makefile);
        while (instance.find()) {
            String name = instance.group(1);
            boolean known = instance.group(2) == null ? names.contains(name)
                    : name.endsWith("-") && conf.apps().contains(name.substring(0, name.length() - 1));
            if (!known) {
                wrong.add("instance " + instance.group());
            }
        }
        Matcher example = Pattern.compile("make (\\w+) MODE=(\\w+)").matcher(makefile);
        while (example.find()) {
            String app = example.group(1);
            String mode = example.group(2);
            if (conf.ofApp(app).stream().noneMatch(i -> i.mode().equals(mode))) {
                wrong.add("example " + example.group());
            }
        }
        assertEquals(Set.of(), wrong, "names in the Makefile that instances.conf does not have");
    }

    /** `make X` in the README and docs/ (in code: a `make X` span or a command line) is a target of the Makefile. */
    @Test
    void everyCommandTheDocsNameIsATarget() throws IOException {
        Set<String> targets = new TreeSet<>();
        Matcher rule = Pattern.compile("(?m)^([a-z][\\w-]*):").matcher(makefile);
        while (rule.find()) {
            targets.add(rule.group(1));
        }
        List<Path> docs = new ArrayList<>(List.of(ROOT.resolve("README.md")));
        try (var files = Files.list(ROOT.resolve("docs"))) {
            files.filter(f -> f.toString().endsWith(".md")).sorted().forEach(docs::add);
        }
        Pattern named = Pattern.compile("`make ([a-z][\\w-]*)|(?m)^\\s*(?:\\$ )?make ([a-z][\\w-]*)");
        Set<String> missing = new TreeSet<>();
        for (Path doc : docs) {
            Matcher m = named.matcher(Files.readString(doc));
            while (m.find()) {
                String target = m.group(1) != null ? m.group(1) : m.group(2);
                if (!targets.contains(target)) {
                    missing.add("make " + target + " (" + ROOT.relativize(doc) + ")");
                }
            }
        }
        assertEquals(Set.of(), missing, "commands the docs name that the Makefile does not have");
    }

    record Run(int exit, String out) {
    }

    /** {@code make -n} (print, run nothing) in the repository, with no MODE or RUNTIME from the caller's environment. */
    static Run make(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("make", "--no-print-directory", "-n"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command).directory(ROOT.toFile()).redirectErrorStream(true);
        List.of("MODE", "RUNTIME", "MAKEFLAGS", "MFLAGS", "MAKELEVEL").forEach(pb.environment()::remove);
        pb.environment().put("RUNTIME", "native"); // no Docker probe: the targets checked are the same on both paths
        Process p;
        try {
            p = pb.start();
        } catch (IOException e) {
            assumeTrue(false, "make is not installed");
            throw e;
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "make finished");
        return new Run(p.exitValue(), out);
    }
}
