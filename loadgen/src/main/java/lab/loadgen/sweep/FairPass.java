package lab.loadgen.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import lab.access.Mode;
import lab.loadgen.config.Instance;

/**
 * The fair pass (make loadtest FAIR_POOL=1, which make thesis sets on a native lab): after every
 * other scenario, the portal's thread-pool instance is restarted with the fair session hand-off
 * (thesis 4.2, the thesis' own driver), swept again at the same levels and links as series
 * {@link Mode#THREADPOOL_FAIR}, then restarted with the unfair hand-off. One port holds one hand-off
 * at a time, so the pass runs apart from the other modes: its repetitions share no rounds with
 * theirs, and the report compares it unpaired. The instance proves the restart took: the fair
 * pool's threads are named {@code threadpool-fair-…}, and its page names the thread of each panel.
 *
 * @param enabled FAIR_POOL=1: the restarts are asked of the lab port ({@code hand-off fair|unfair NAME})
 */
public record FairPass(boolean enabled) {

    /** The app whose thread pool the pass measures fair: the thesis judged the hand-off on the portal. */
    static final String APP = "portal";
    static final String FAIR = "fair";
    static final String UNFAIR = "unfair";

    private static final Pattern THREAD = Pattern.compile("data-thread=\"([^\"]*)\"");

    public static FairPass none() {
        return new FairPass(false);
    }

    /** The pass's targets: each selected thread-pool instance of {@link #APP}, as series {@link Mode#THREADPOOL_FAIR}. */
    List<Target> targets(Map<String, List<Target>> selected) {
        if (!enabled()) {
            return List.of();
        }
        return selected.getOrDefault(APP, List.of()).stream()
                .filter(t -> t.instance().mode().equals(Mode.THREADPOOL.id()))
                .map(FairPass::fair).toList();
    }

    /** The same instance and port, recorded as the fair series. */
    static Target fair(Target t) {
        Instance i = t.instance();
        return new Target(new Instance(i.name(), i.app(), Mode.THREADPOOL_FAIR, i.port(), i.healthPath(),
                i.metricsPath(), i.page()), t.host());
    }

    static boolean inPass(PlannedPoint s) {
        return s.target().instance().mode().equals(Mode.THREADPOOL_FAIR);
    }

    /** What the lab port is asked to restart {@code t}'s instance with {@code handOff} ({@link #FAIR} or {@link #UNFAIR}). */
    static List<String> restart(String handOff, Target t) {
        return List.of("hand-off", handOff, t.instance().name());
    }

    /**
     * Null when the page's panels ran on the fair pool's threads ({@code threadpool-fair-…}), else
     * why not, naming the threads it saw.
     */
    static String notFair(String page) {
        List<String> threads = new ArrayList<>();
        Matcher m = THREAD.matcher(page == null ? "" : page);
        while (m.find()) {
            threads.add(m.group(1));
        }
        if (threads.isEmpty()) {
            return "its page names no panel thread";
        }
        boolean fair = threads.stream().anyMatch(n -> n.startsWith(Mode.THREADPOOL_FAIR + "-"));
        return fair ? null : "its page's panels ran on " + threads.stream().distinct().limit(3).toList()
                + ", not on " + Mode.THREADPOOL_FAIR + "-… threads";
    }

    /** The run's note: the setting, so the results say how the fair series was measured. */
    String note(List<Target> targets) {
        return "FAIR_POOL=1: after the other scenarios, " + targets.stream().map(t -> t.instance().name()).toList()
                + " restarted with the fair session hand-off (lab.sh hand-off " + FAIR
                + "), proved by its page's " + Mode.THREADPOOL_FAIR + "-… threads, swept again as series "
                + Mode.THREADPOOL_FAIR + " (a pass of its own: compared unpaired), then restarted unfair";
    }
}
