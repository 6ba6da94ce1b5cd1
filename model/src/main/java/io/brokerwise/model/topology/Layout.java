package io.brokerwise.model.topology;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * k publisher groups times l subscriber groups, one broker per cell (docs/models.md sec. 6): a publisher
 * sends to the l brokers of its row, a subscriber registers at the k brokers of its column.
 */
public record Layout(int publisherGroups, int subscriberGroups) {

    private static final Pattern DIMENSIONS = Pattern.compile("([0-9]+)x([0-9]+)");

    public Layout {
        if (publisherGroups < 1 || subscriberGroups < 1) {
            throw new IllegalArgumentException("a layout needs at least one group of each kind");
        }
    }

    public long brokers() {
        return (long) publisherGroups * subscriberGroups;
    }

    /** l = 1 is PSR (a single broker counts as PSR with one group), k = 1 is SSR, the rest a grid. */
    public TopologyKind kind() {
        if (subscriberGroups == 1) {
            return TopologyKind.PSR;
        }
        return publisherGroups == 1 ? TopologyKind.SSR : TopologyKind.GRID;
    }

    /** "k x l" as annotations, status fields and options write it: {@code 6x2}. */
    public String dimensions() {
        return publisherGroups + "x" + subscriberGroups;
    }

    /** Reads {@link #dimensions()}: {@code 6x2}; refuses anything else, saying what a layout looks like. */
    public static Layout parse(String dimensions) {
        Matcher m = DIMENSIONS.matcher(dimensions == null ? "" : dimensions);
        if (!m.matches()) {
            throw new IllegalArgumentException("a layout is k x l written as 2x3 (publisher groups x subscriber "
                    + "groups), got '" + dimensions + "'");
        }
        try {
            return new Layout(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("layout " + dimensions + " has more groups than an int holds", e);
        }
    }

    @Override
    public String toString() {
        return kind().displayName() + " " + dimensions();
    }
}
