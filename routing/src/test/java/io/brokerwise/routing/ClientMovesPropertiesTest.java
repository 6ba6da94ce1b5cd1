package io.brokerwise.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

/**
 * Layout changes over random histories of layouts (each map moved from the one before, as the operator moves
 * them) and random client counts: growing by a row or a column moves exactly the clients that must move, no
 * growth moves more than numbering the new layout row by row would, and shrinking back retires what the growth
 * added. A shrink that keeps a cell whose broker the StatefulSet loses moves that cell to a retiring broker, which
 * may move more than renumbering would: its count is what status reports.
 */
class ClientMovesPropertiesTest {

    record Size(int k, int l) {
    }

    @Provide
    Arbitrary<List<Size>> histories() {
        Arbitrary<Size> size = Combinators.combine(Arbitraries.integers().between(1, 5),
                Arbitraries.integers().between(1, 5)).as(Size::new);
        return size.list().ofMinSize(1).ofMaxSize(6);
    }

    static RoutingMap after(List<Size> history) {
        RoutingMap map = ClientMovesTest.first(history.get(0).k(), history.get(0).l());
        for (Size s : history.subList(1, history.size())) {
            map = ClientMovesTest.moved(map, s.k(), s.l());
        }
        return map;
    }

    @Property
    void aNewRowMovesOnlyThePublishersItTakes(@ForAll("histories") List<Size> history,
                                              @ForAll @IntRange(min = 0, max = 500) int publishers,
                                              @ForAll @IntRange(min = 0, max = 500) int subscribers) {
        RoutingMap map = after(history);
        RoutingMap grown = ClientMovesTest.moved(map, map.publisherGroups() + 1, map.subscriberGroups());
        // the new row needs floor(n / (k + 1)) publishers; nothing makes a subscriber leave a broker
        assertEquals(new ClientMoves(publishers / (map.publisherGroups() + 1), 0),
                ClientMoves.between(map, grown, publishers, subscribers));
    }

    @Property
    void aNewColumnMovesOnlyTheSubscriptionsItTakes(@ForAll("histories") List<Size> history,
                                                    @ForAll @IntRange(min = 0, max = 500) int publishers,
                                                    @ForAll @IntRange(min = 0, max = 500) int subscribers) {
        RoutingMap map = after(history);
        int k = map.publisherGroups();
        RoutingMap grown = ClientMovesTest.moved(map, k, map.subscriberGroups() + 1);
        // floor(m / (l + 1)) subscribers join the new column, each at its k brokers
        assertEquals(new ClientMoves(0, (long) k * (subscribers / (map.subscriberGroups() + 1))),
                ClientMoves.between(map, grown, publishers, subscribers));
    }

    @Property
    void noGrowthMovesMoreThanNumberingRowByRow(@ForAll("histories") List<Size> history,
                                                @ForAll @IntRange(min = 0, max = 3) int moreRows,
                                                @ForAll @IntRange(min = 0, max = 3) int moreColumns,
                                                @ForAll @IntRange(min = 0, max = 500) int publishers,
                                                @ForAll @IntRange(min = 0, max = 500) int subscribers) {
        RoutingMap map = after(history);
        int k = map.publisherGroups() + moreRows;
        int l = map.subscriberGroups() + moreColumns;
        ClientMoves kept = ClientMoves.between(map, ClientMovesTest.moved(map, k, l), publishers, subscribers);
        ClientMoves rowByRow = ClientMoves.between(map, ClientMovesTest.first(k, l), publishers, subscribers);
        assertTrue(kept.publishers() <= rowByRow.publishers() && kept.subscriptions() <= rowByRow.subscriptions(),
                "kept cells " + kept + ", row by row " + rowByRow);
    }

    @Property
    void shrinkingBackAfterAGrowthRestoresTheMap(@ForAll("histories") List<Size> history,
                                                 @ForAll @IntRange(min = 0, max = 3) int moreRows,
                                                 @ForAll @IntRange(min = 0, max = 3) int moreColumns) {
        RoutingMap map = after(history);
        RoutingMap grown = ClientMovesTest.moved(map, map.publisherGroups() + moreRows,
                map.subscriberGroups() + moreColumns);
        assertEquals(map.brokers(),
                ClientMovesTest.moved(grown, map.publisherGroups(), map.subscriberGroups()).brokers());
    }

    @Property
    void everyBrokerOfTheNewLayoutServesExactlyOneCell(@ForAll("histories") List<Size> history) {
        RoutingMap map = after(history);
        Size last = history.get(history.size() - 1);
        assertEquals(new HashSet<>(RoutingMap.statefulSetAddresses("demo", "ns1", 61616, last.k() * last.l())),
                new HashSet<>(map.brokers()));
        assertEquals(map.brokers().size(), new HashSet<>(map.brokers()).size());
    }
}
