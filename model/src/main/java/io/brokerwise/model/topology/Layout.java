package io.brokerwise.model.topology;

/**
 * k publisher groups times l subscriber groups, one broker per cell (docs/models.md sec. 6): a publisher
 * sends to the l brokers of its row, a subscriber registers at the k brokers of its column.
 */
public record Layout(int publisherGroups, int subscriberGroups) {

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

    @Override
    public String toString() {
        return kind().displayName() + " " + publisherGroups + "x" + subscriberGroups;
    }
}
