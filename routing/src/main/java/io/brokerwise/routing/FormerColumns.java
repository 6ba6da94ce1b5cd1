package io.brokerwise.routing;

import java.util.List;

/**
 * The columns of a layout a routing map has left by a change of l or a shrink of k: each column's brokers, in column
 * order. A named subscription (a durable one) sits in column {@code key mod l}, so after such a change the brokers of
 * its former column may still hold what it was sent while its subscriber was away (the operator keeps a retired one
 * while it does); the subscriber drains them from there.
 */
public record FormerColumns(List<List<String>> columns) {

    public FormerColumns {
        columns = columns.stream().map(List::copyOf).toList();
        if (columns.isEmpty() || columns.stream().anyMatch(List::isEmpty)) {
            throw new IllegalArgumentException("a former layout has columns, each with brokers: got " + columns);
        }
        columns.forEach(c -> c.forEach(RoutingMap::requireHostPort));
    }

    /** l of that layout. */
    public int subscriberGroups() {
        return columns.size();
    }

    /** The brokers of its column {@code column}. */
    public List<String> column(int column) {
        return columns.get(column);
    }
}
