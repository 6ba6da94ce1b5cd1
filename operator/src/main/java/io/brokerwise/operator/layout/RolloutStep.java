package io.brokerwise.operator.layout;

import io.brokerwise.routing.RoutingMap;
import java.util.Optional;

/**
 * What a pass's step of a rollout asks of the dependents: the broker pods to keep (one more than the map names while
 * a new broker takes a cell), and the cell the routing map moves to another broker.
 *
 * @param replicas the pods to keep at least; 0 when no rollout is in progress
 * @param move     the cell that moves in this pass, if any
 */
public record RolloutStep(int replicas, Optional<CellMove> move) {

    /** No rollout in progress. */
    public static final RolloutStep NONE = new RolloutStep(0, Optional.empty());

    /** Cell {@code cell} (row-major) moves to the broker at {@code address}. */
    public record CellMove(int cell, String address) {
    }

    /** The routing map after this step: {@code map} with the moved cell on its new broker. */
    public RoutingMap applyTo(RoutingMap map) {
        return move.map(m -> map.withBroker(m.cell(), m.address())).orElse(map);
    }
}
