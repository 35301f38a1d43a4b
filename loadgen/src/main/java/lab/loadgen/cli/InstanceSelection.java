package lab.loadgen.cli;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import lab.loadgen.config.Instance;
import lab.loadgen.config.InstancesConf;
import picocli.CommandLine.Option;

/** {@code --app} and {@code --modes}: which instances of instances.conf a command runs against (sweep, faults). */
public final class InstanceSelection {

    @Option(names = "--app", defaultValue = "all", description = "portal, shop or all (default ${DEFAULT-VALUE})")
    String app = "all";

    @Option(names = "--modes", split = ",", description = "only these modes, in this order, e.g. jdbc,nonblocking (default: every mode of the app)")
    List<String> modes;

    /** The chosen instances by app, in instances.conf order or the order of {@code --modes}; refuses what matches nothing. */
    public Map<String, List<Instance>> select(InstancesConf conf) {
        return select(conf, Map.of());
    }

    /** The same, an app's modes without {@code --modes} those {@code defaultModes} names for it (else all of them). */
    public Map<String, List<Instance>> select(InstancesConf conf, Map<String, List<String>> defaultModes) {
        Set<String> known = conf.apps();
        List<String> apps = app.equals("all") ? List.copyOf(known) : List.of(app);
        if (!known.containsAll(apps)) {
            throw new IllegalArgumentException("unknown --app '" + app + "'; " + conf.file() + " has " + known + " (or all)");
        }
        List<String> wanted = modes == null ? null : List.copyOf(new LinkedHashSet<>(modes));
        Set<String> matched = new LinkedHashSet<>();
        Map<String, List<Instance>> out = new LinkedHashMap<>();
        for (String a : apps) {
            List<Instance> list = new ArrayList<>(conf.ofApp(a));
            if (wanted == null && defaultModes.containsKey(a)) {
                list.removeIf(i -> !defaultModes.get(a).contains(i.mode()));
            } else if (wanted != null) {
                list.removeIf(i -> !wanted.contains(i.mode()));
                list.sort(Comparator.comparingInt(i -> wanted.indexOf(i.mode())));
            }
            list.forEach(i -> matched.add(i.mode()));
            if (!list.isEmpty()) {
                out.put(a, List.copyOf(list));
            }
        }
        if (wanted != null && !matched.containsAll(wanted)) {
            Set<String> missing = new LinkedHashSet<>(wanted);
            missing.removeAll(matched);
            throw new IllegalArgumentException("no instance of " + apps + " runs mode(s) " + missing + " in " + conf.file());
        }
        return out;
    }
}
