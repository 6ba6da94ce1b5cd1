package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The broker.xml every broker of a topology shares, with the queues a pass deploys, rendered without a cluster. */
class BrokerConfigMapTest {

    private static String brokerXml(String placement, String tls, List<String> queues) {
        var topology = BrokerStatefulSetTest.topology("orders", tls);
        topology.getSpec().placement.maxBrokers = placement == null ? null : Integer.valueOf(placement);
        return BrokerConfigMap.brokerXml(BrokerSet.of(topology).withQueues(queues));
    }

    /**
     * One broker.xml for every pod: each finds its own address in its pod's name, and every ordinal up to maxBrokers
     * is a peer, so that a broker added later restarts none.
     */
    @Test
    void everyBrokerCarriesEveryQueueAndNamesEveryBrokerItMayEverHave() {
        String xml = brokerXml("3", ", tls: {mode: Disabled}", List.of("work", "audit"));
        assertTrue(xml.contains("<address name=\"work\">") && xml.contains("<address name=\"audit\">"), xml);
        assertTrue(xml.contains("<connector name=\"self\">tcp://${HOSTNAME}.orders-brokers.ns.svc:61616</connector>"),
                xml);
        for (int i = 0; i < 3; i++) {
            assertTrue(xml.contains("<connector name=\"peer-" + i + "\">tcp://orders-broker-" + i
                    + ".orders-brokers.ns.svc:61616</connector>"), xml);
        }
        assertFalse(xml.contains("peer-3"), "no broker beyond maxBrokers");
        assertTrue(xml.contains("<address>work,audit</address>"), "the cluster connection carries the queues alone");
        assertTrue(xml.contains("<property key=\"queues\" value=\"work,audit\"/>"), "the metrics count their producers");
    }

    /** The brokers' bridges dial the name each certificate carries, trusting the CA every broker has. */
    @Test
    void brokersThatSpeakTlsDialEachOtherOverTls() {
        String xml = brokerXml("2", "", List.of("work"));
        assertTrue(xml.contains("tcp://orders-broker-1.orders-brokers.ns.svc:61616?sslEnabled=true;"
                + "trustStoreType=PKCS12;trustStorePath=${brokerwise.tls.trustStorePath};"
                + "trustStorePassword=${brokerwise.tls.trustStorePassword};verifyHost=true</connector>"), xml);
    }

    @Test
    void aSingleBrokerOrNoQueueNeedsNoClusterConnection() {
        assertFalse(brokerXml("1", "", List.of("work")).contains("<cluster-connection"));
        String topicAlone = brokerXml(null, "", List.of());
        assertFalse(topicAlone.contains("<connectors>") || topicAlone.contains("<cluster-connection"));
        assertEquals(1024, brokerXml(null, "", List.of("work")).split("<connector-ref>peer-").length - 1,
                "without maxBrokers, the planner's default limit");
    }
}
