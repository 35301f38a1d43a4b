package lab.portal;

import java.util.List;
import java.util.Optional;
import lab.access.OverloadedException;

/**
 * The model of one view: the four panels and how the request went.
 *
 * @param requestThread the thread that received the request and fired the queries
 * @param joinedOn      the thread on which the last panel's result arrived and the page was assembled
 * @param totalMillis   from the first query fired to the page's data complete
 */
public record PortalPage(Serving mode, long seed, List<Panel> panels, double totalMillis,
                         String requestThread, boolean requestVirtual, String joinedOn) {

    public int queries() {
        return panels.stream().mapToInt(p -> switch (p.pick()) {
            case Picks.ContactIds ids -> ids.ids().size();
            case Picks.LogWindow ignored -> 1;
        }).sum();
    }

    public long failed() {
        return panels.stream().filter(p -> !p.ok()).count();
    }

    /** The refusal of the first source that had no room for the view's queries, if any. */
    public Optional<OverloadedException> overload() {
        return panels.stream().filter(Panel::overloaded).map(p -> (OverloadedException) p.error()).findFirst();
    }
}
