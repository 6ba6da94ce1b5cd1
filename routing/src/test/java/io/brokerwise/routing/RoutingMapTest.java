package io.brokerwise.routing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class RoutingMapTest {

    @Test
    void rowsAndColumnsOfAGridFollowTheStatefulSetOrdinals() {
        RoutingMap map = RoutingMap.forStatefulSet("orders", 2, 3, "demo", "ns1", 61616);
        assertEquals(List.of("demo-broker-3.demo-brokers.ns1.svc:61616", "demo-broker-4.demo-brokers.ns1.svc:61616",
                "demo-broker-5.demo-brokers.ns1.svc:61616"), map.row(1));
        assertEquals(List.of("demo-broker-2.demo-brokers.ns1.svc:61616", "demo-broker-5.demo-brokers.ns1.svc:61616"),
                map.column(2));
    }

    @Test
    void psrRowsHaveOneBrokerAndColumnsAll() {
        RoutingMap psr = RoutingMap.forLocalPorts("t", 3, 1, List.of(1001, 1002, 1003));
        assertEquals(List.of("127.0.0.1:1002"), psr.row(1));
        assertEquals(3, psr.column(0).size());
    }

    @Test
    void aRolloutStepMovesOneCellAndKeepsTheRest() {
        RoutingMap map = RoutingMap.forLocalPorts("t", 2, 2, List.of(1, 2, 3, 4)).movedTo(2, 1,
                List.of("127.0.0.1:1", "127.0.0.1:3"));
        RoutingMap stepped = map.withBroker(1, "127.0.0.1:5");
        assertEquals(List.of("127.0.0.1:1", "127.0.0.1:5"), stepped.brokers());
        assertEquals(map.formerColumns(), stepped.formerColumns(), "the layout is the same: no column left");
        assertEquals(2, stepped.publisherGroups());
        var twice = assertThrows(IllegalArgumentException.class, () -> stepped.withBroker(0, "127.0.0.1:5"));
        assertTrue(twice.getMessage().contains("already serves a cell"), twice.getMessage());
    }

    @Test
    void jsonRoundTripKeepsEveryCell() {
        RoutingMap map = RoutingMap.forLocalPorts("t", 2, 2, List.of(1, 2, 3, 4));
        String json = RoutingMapCodec.toJson(map);
        assertTrue(json.contains("\"version\" : 1"), json);
        assertEquals(map, RoutingMapCodec.fromJson(json));
    }

    @Test
    void readerIgnoresBrokerOrderButNotMissingCells() {
        String json = """
                {"version":1,"topic":"t","publisherGroups":1,"subscriberGroups":2,
                 "brokers":[{"row":0,"column":1,"address":"b:2"},{"row":0,"column":0,"address":"a:1"}]}""";
        assertEquals(List.of("a:1", "b:2"), RoutingMapCodec.fromJson(json).row(0));
        String missing = """
                {"version":1,"topic":"t","publisherGroups":1,"subscriberGroups":2,
                 "brokers":[{"row":0,"column":0,"address":"a:1"}]}""";
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoutingMapCodec.fromJson(missing))
                .getMessage().contains("(0, 1) has no address"));
    }

    @Test
    void unknownVersionAndBadAddressAreRefusedClearly() {
        String v2 = """
                {"version":2,"topic":"t","publisherGroups":1,"subscriberGroups":1,"brokers":[]}""";
        assertTrue(assertThrows(IllegalArgumentException.class, () -> RoutingMapCodec.fromJson(v2))
                .getMessage().contains("version 2 is not supported"));
        assertThrows(IllegalArgumentException.class,
                () -> RoutingMap.of("t", 1, 1, List.of("no-port")));
    }

    @Test
    void queuesKeepTheirReplicasCountsAndMarksThroughJsonAndLayoutMoves() {
        QueueRoute work = new QueueRoute("work", List.of(new QueueRoute.Replica("a:1", 3, 5, false),
                new QueueRoute.Replica("b:2", 2, 0, true)));
        RoutingMap map = RoutingMap.of("t", 2, 1, List.of("a:1", "b:2")).withQueues(List.of(work));
        assertEquals(map, RoutingMapCodec.fromJson(RoutingMapCodec.toJson(map)));
        assertEquals(List.of(work), map.movedTo(1, 1, List.of("a:1")).queues(), "a topic's move leaves the queues");
        assertEquals(work, map.queue("work").orElseThrow());
        assertTrue(map.queue("t").isEmpty(), "the topic is no queue");
        assertTrue(RoutingMapCodec.fromJson(RoutingMapCodec.toJson(RoutingMap.of("t", 1, 1, List.of("a:1"))))
                .queues().isEmpty(), "a map written without queues reads without them");
    }

    @Test
    void aQueueNamedAsTheTopicOrWithEveryReplicaRetiringIsRefused() {
        RoutingMap map = RoutingMap.of("t", 1, 1, List.of("a:1"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> map.withQueues(List.of(new QueueRoute("t",
                List.of(QueueRoute.Replica.at("a:1")))))).getMessage().contains("as a topic"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new QueueRoute("q", List.of(
                new QueueRoute.Replica("a:1", 0, 0, true)))).getMessage().contains("not retiring"));
    }

    @Test
    void aMapOfSeveralTopicsKeepsThemThroughTheCodecAndAMove() {
        RoutingMap map = RoutingMap.of("prices", 1, 2, List.of("a:1", "b:1")).withTopics(List.of("prices", "orders"));
        String json = RoutingMapCodec.toJson(map);
        assertTrue(json.contains("\"topic\" : \"prices\""), "readers of one topic read the first: " + json);
        assertEquals(map, RoutingMapCodec.fromJson(json));
        assertEquals(List.of("prices", "orders"), map.movedTo(2, 1, List.of("a:1", "c:1")).topics());
        assertTrue(map.carries("orders"));
        assertTrue(assertThrows(IllegalStateException.class, map::soleTopic).getMessage().contains("[prices, orders]"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> map.withTopics(List.of("prices", "prices")))
                .getMessage().contains("named twice"));
    }

    @Test
    void aMapOfOneTopicIsWrittenAsBefore() {
        String json = RoutingMapCodec.toJson(RoutingMap.of("t", 1, 1, List.of("a:1")));
        assertFalse(json.contains("topics"), json);
        assertEquals(List.of("t"), RoutingMapCodec.fromJson(json).topics());
    }

    @Test
    void aChangeOfLOrAShrinkOfKRecordsTheColumnsItLeftNewestFirstAndTheCodecKeepsThem() {
        RoutingMap psr = RoutingMap.of("t", 2, 1, List.of("a:1", "b:1"));
        RoutingMap grid = psr.movedTo(2, 2, List.of("a:1", "b:1", "c:1", "d:1"));
        assertEquals(List.of(new FormerColumns(List.of(List.of("a:1", "b:1")))), grid.formerColumns());
        RoutingMap taller = grid.movedTo(3, 2, List.of("a:1", "b:1", "c:1", "d:1", "e:1", "f:1"));
        assertEquals(grid.formerColumns(), taller.formerColumns(), "a growth of k moves no named subscription");
        RoutingMap shorter = taller.movedTo(2, 2, List.of("a:1", "b:1", "c:1", "d:1"));
        assertEquals(taller.columns(), shorter.formerColumns().get(0), "a shrink of k takes brokers from columns");
        RoutingMap ssr = taller.movedTo(1, 3, List.of("a:1", "b:1", "c:1"));
        assertEquals(List.of(taller.columns(), psr.columns()), ssr.formerColumns());
        assertEquals(List.of("c:1", "d:1", "f:1"), ssr.formerColumns().get(0).column(1));
        assertEquals(ssr, RoutingMapCodec.fromJson(RoutingMapCodec.toJson(ssr)));
        assertFalse(RoutingMapCodec.toJson(psr).contains("formerColumns"), "written only when there are some");
    }

    @Test
    void aMapKeepsTheColumnsOfItsLastEightChangesOfL() {
        RoutingMap map = RoutingMap.of("t", 1, 1, List.of("a:1"));
        List<String> brokers = List.of("a:1", "b:1");
        for (int change = 0; change < 10; change++) {
            map = map.movedTo(1, map.subscriberGroups() % 2 + 1, brokers.subList(0, map.subscriberGroups() % 2 + 1));
        }
        assertEquals(RoutingMap.FORMER_LAYOUTS, map.formerColumns().size());
    }
}
