package io.brokerwise.client;

import java.util.Arrays;

/**
 * Places clients of one kind (publishers or subscribers) on groups evenly, by ElectQueue (Taton et al., Improving the performances of JMS-based applications, sec. 5.2): a new
 * client joins the group farthest below its fair share, i.e. with the fewest clients (the gap 1/k - x_i is
 * largest where the share x_i is smallest). Counts are this process's clients, so processes that cannot
 * see each other break ties differently: ties go to the first group at or after {@code offset} (e.g. a pod's
 * index), so process i's first client lands in group i mod k and a fleet of processes spreads evenly too.
 * A replicated queue's replicas are groups too, elected against the counts the operator observed across all
 * processes plus this process's clients since ({@link #join(int[], boolean[])}).
 */
final class GroupElection {

    private int[] members;
    private final int offset;

    GroupElection(int groups) {
        this(groups, 0);
    }

    GroupElection(int groups, int offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must be >= 0, got " + offset);
        }
        members = new int[groups];
        this.offset = offset;
    }

    synchronized int groups() {
        return members.length;
    }

    /** Elects a group for a new client and counts it there. */
    synchronized int join() {
        return join(new int[members.length], new boolean[members.length]);
    }

    /**
     * Elects a group for a new client against {@code observed[g]} clients seen in group g elsewhere plus this
     * process's counted since, never a {@code closed} one (a replica marked for removal), and counts it there.
     */
    synchronized int join(int[] observed, boolean[] closed) {
        int k = members.length;
        int best = -1;
        for (int i = 0; i < k; i++) {
            int g = (offset + i) % k;
            if (!closed[g] && (best < 0 || observed[g] + members[g] < observed[best] + members[best])) {
                best = g;
            }
        }
        members[best]++;
        return best;
    }

    /** New observed counts include the clients counted so far: count from zero again, over {@code groups}. */
    synchronized void rebase(int groups) {
        members = new int[groups];
    }

    /** Counts a client into a group it chose itself (e.g. from a pod ordinal). */
    synchronized void joinAt(int group) {
        members[group]++;
    }

    synchronized void leave(int group) {
        if (group < members.length && members[group] > 0) {
            members[group]--;
        }
    }

    /** The layout changed: groups beyond the new count are gone, their clients must re-join. */
    synchronized void resize(int groups) {
        members = Arrays.copyOf(members, groups);
    }

    /**
     * One step towards an even spread after a resize: the group to move one client out of and the group to
     * move it into, or null when no group has two more clients than another.
     */
    synchronized int[] rebalanceStep() {
        int most = 0;
        int least = 0;
        for (int g = 1; g < members.length; g++) {
            if (members[g] > members[most]) {
                most = g;
            }
            if (members[g] < members[least]) {
                least = g;
            }
        }
        return members[most] - members[least] > 1 ? new int[] {most, least} : null;
    }

    /**
     * Moves clients one at a time from the fullest group to the emptiest until no group has two more than another;
     * {@code target} holds each client's group, counted here, and the last client of a group moves first.
     */
    synchronized void rebalance(int[] target) {
        for (int[] step = rebalanceStep(); step != null; step = rebalanceStep()) {
            target[lastIn(target, step[0])] = step[1];
            leave(step[0]);
            joinAt(step[1]);
        }
    }

    private static int lastIn(int[] target, int group) {
        for (int i = target.length - 1; i >= 0; i--) {
            if (target[i] == group) {
                return i;
            }
        }
        throw new IllegalStateException("no member in group " + group);
    }

    synchronized int[] members() {
        return members.clone();
    }
}
