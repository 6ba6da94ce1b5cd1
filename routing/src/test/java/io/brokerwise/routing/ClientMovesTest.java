package io.brokerwise.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** A new layout keeps every cell on its broker, so only the clients a new row or column takes move. */
class ClientMovesTest {

    static final int PUBLISHERS = 60;
    static final int SUBSCRIBERS = 90;

    static RoutingMap first(int k, int l) {
        return RoutingMap.forStatefulSet("orders", k, l, "demo", "ns1", 61616);
    }

    static RoutingMap moved(RoutingMap map, int k, int l) {
        return map.movedTo(k, l, RoutingMap.statefulSetAddresses("demo", "ns1", 61616, k * l));
    }

    @Test
    void aNewColumnTakesNewBrokersAndLeavesEveryOtherCellWhereItWas() {
        RoutingMap grown = moved(first(2, 2), 2, 3);
        assertEquals(first(2, 2).column(0), grown.column(0));
        assertEquals(first(2, 2).column(1), grown.column(1));
        assertEquals(List.of("demo-broker-4.demo-brokers.ns1.svc:61616", "demo-broker-5.demo-brokers.ns1.svc:61616"),
                grown.column(2));
    }

    @Test
    void aNewColumnMovesOnlyTheSubscribersItTakesAndNoPublisher() {
        // a third of the subscribers join column 2, each at its two brokers; publishers only gain a broker
        assertEquals(new ClientMoves(0, 2 * SUBSCRIBERS / 3),
                ClientMoves.between(first(2, 2), moved(first(2, 2), 2, 3), PUBLISHERS, SUBSCRIBERS));
    }

    @Test
    void renumberingRowByRowWouldMoveMostSubscriptions() {
        ClientMoves rowByRow = ClientMoves.between(first(2, 2), first(2, 3), PUBLISHERS, SUBSCRIBERS);
        assertTrue(rowByRow.subscriptions() > 2 * SUBSCRIBERS / 3 && rowByRow.publishers() > 0, rowByRow.toString());
    }

    @Test
    void aNewRowMovesOnlyThePublishersItTakesAndNoSubscription() {
        assertEquals(new ClientMoves(PUBLISHERS / 3, 0),
                ClientMoves.between(first(2, 2), moved(first(2, 2), 3, 2), PUBLISHERS, SUBSCRIBERS));
    }

    @Test
    void shrinkingBackRetiresTheCellsTheGrowthAddedAndMovesOnlyTheirSubscribers() {
        RoutingMap grown = moved(first(2, 2), 2, 3);
        RoutingMap back = moved(grown, 2, 2);
        assertEquals(first(2, 2).brokers(), back.brokers(), "each cell back on its broker");
        // the retired column's subscribers re-join the others at two brokers each; the rest lose a broker only
        assertEquals(new ClientMoves(0, 2 * SUBSCRIBERS / 3),
                ClientMoves.between(grown, back, PUBLISHERS, SUBSCRIBERS));
    }

    @Test
    void aKeptCellBeyondTheShrunkStatefulSetMovesToARetiringCellsBroker() {
        // 2x2 -> 3x2 -> 3x3: column 2 is on ordinals 6, 7, 8; dropping row 2 keeps ordinals 0..5 only
        RoutingMap grid = moved(moved(first(2, 2), 3, 2), 3, 3);
        RoutingMap shrunk = moved(grid, 2, 3);
        assertEquals(List.of("demo-broker-4.demo-brokers.ns1.svc:61616", "demo-broker-5.demo-brokers.ns1.svc:61616"),
                shrunk.column(2));
        assertEquals(grid.column(0).subList(0, 2), shrunk.column(0));
        // row 2's publishers re-join rows 0 and 1, whose publishers each move one link to a relocated broker;
        // column 2's subscribers move both their subscriptions
        assertEquals(new ClientMoves(PUBLISHERS, 2 * SUBSCRIBERS / 3),
                ClientMoves.between(grid, shrunk, PUBLISHERS, SUBSCRIBERS));
    }

    @Test
    void theSameLayoutOverTheSameBrokersIsTheSameMap() {
        RoutingMap grid = moved(first(3, 2), 3, 3);
        assertEquals(grid, moved(grid, 3, 3));
        assertEquals(new ClientMoves(0, 0), ClientMoves.between(grid, grid, PUBLISHERS, SUBSCRIBERS));
    }
}
