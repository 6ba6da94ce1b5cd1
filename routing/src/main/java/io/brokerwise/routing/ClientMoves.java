package io.brokerwise.routing;

import java.util.ArrayList;
import java.util.List;

/**
 * How many clients a change of routing map moves, for n publishers and m subscribers spread over the groups as
 * the client library's ElectQueue spreads them (Taton et al., Improving the performances of JMS-based
 * applications, sec. 5.2): evenly, the first groups taking the remainder. After a change a client keeps its group
 * where it still exists; the clients of groups that are gone, and those the new groups need to be even, change
 * group. A client moves when it leaves a broker for another; a broker it only gains (a new column for a
 * publisher, a new row for a subscriber) or only loses (a retired one) moves nothing.
 *
 * @param publishers    publishers that leave at least one broker for another
 * @param subscriptions subscriptions that end at one broker and start at another
 */
public record ClientMoves(long publishers, long subscriptions) {

    public static ClientMoves between(RoutingMap from, RoutingMap to, long publishers, long subscribers) {
        long movedPublishers = 0;
        for (Flow f : flows(publishers, from.publisherGroups(), to.publisherGroups())) {
            movedPublishers += moved(from.row(f.from), to.row(f.to)) > 0 ? f.clients : 0;
        }
        long movedSubscriptions = 0;
        for (Flow f : flows(subscribers, from.subscriberGroups(), to.subscriberGroups())) {
            movedSubscriptions += f.clients * moved(from.column(f.from), to.column(f.to));
        }
        return new ClientMoves(movedPublishers, movedSubscriptions);
    }

    /** The links a client ends at one broker and opens at another when its brokers change. */
    private static int moved(List<String> before, List<String> after) {
        int left = (int) before.stream().filter(b -> !after.contains(b)).count();
        int joined = (int) after.stream().filter(b -> !before.contains(b)).count();
        return Math.min(left, joined);
    }

    /** {@code clients} clients going from group {@code from} to group {@code to} (the same one where they stay). */
    private record Flow(int from, int to, long clients) {
    }

    /** Where each group's clients go: as many stay as both spreads allow, the rest fill the groups short of theirs. */
    private static List<Flow> flows(long clients, int groupsBefore, int groupsAfter) {
        long[] before = spread(clients, groupsBefore);
        long[] after = spread(clients, groupsAfter);
        List<Flow> flows = new ArrayList<>();
        for (int g = 0; g < Math.min(groupsBefore, groupsAfter); g++) {
            long stay = Math.min(before[g], after[g]);
            flows.add(new Flow(g, g, stay));
            before[g] -= stay;
            after[g] -= stay;
        }
        int to = 0;
        for (int from = 0; from < groupsBefore; from++) {
            while (before[from] > 0) {
                while (after[to] == 0) {
                    to++;
                }
                long n = Math.min(before[from], after[to]);
                flows.add(new Flow(from, to, n));
                before[from] -= n;
                after[to] -= n;
            }
        }
        return flows;
    }

    private static long[] spread(long clients, int groups) {
        long[] sizes = new long[groups];
        for (int g = 0; g < groups; g++) {
            sizes[g] = clients / groups + (g < clients % groups ? 1 : 0);
        }
        return sizes;
    }
}
