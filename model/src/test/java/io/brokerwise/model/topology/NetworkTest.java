package io.brokerwise.model.topology;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.Network;
import org.junit.jupiter.api.Test;

/** The network in the plan: each broker's ingress and egress against its share of the node's link. */
class NetworkTest {

    private final ServiceTimeProfile activeMq = BuiltInProfiles.find("henjes-activemq", "ApplicationProperty").orElseThrow();
    private final TopologyPlanner planner = new TopologyPlanner();
    /** 20 publishers at 500 msgs/s, each message reaching 20 of 200 subscribers: 200,000 copies/s in all. */
    private final Workload fanOut = Workload.of(20, 500, 200, 1, 20);
    private final Limits tenGigabit = new Limits(64, Long.MAX_VALUE, 10e9, 1);

    /** Everything else equal, 64 KB messages need more brokers than 1 KB ones, and the network is what binds. */
    @Test
    void largerMessagesNeedMoreBrokersAndTheNetworkBinds() {
        Plan small = plan(fanOut.withMessageSize(1024), tenGigabit);
        Plan large = plan(fanOut.withMessageSize(65_536), tenGigabit);
        LayoutEvaluation a = small.chosen().orElseThrow();
        LayoutEvaluation b = large.chosen().orElseThrow();
        assertTrue(b.brokers() > a.brokers(), a.layout() + " at 1 KB, " + b.layout() + " at 64 KB");
        assertNotEquals("Network", small.binding().reason());
        assertEquals("Network", large.binding().reason());
        assertTrue(large.bindingMessage().contains("network utilization"), large.bindingMessage());
        assertTrue(b.networkUtilization() <= 0.9 && a.networkUtilization() < b.networkUtilization());
        // the profile has no per-byte times: on a link fast enough the 64 KB plan is the 1 KB one
        Limits unbounded = new Limits(64, Long.MAX_VALUE, 1e15, 1);
        assertEquals(a.layout(), plan(fanOut.withMessageSize(65_536), unbounded).chosen().orElseThrow().layout());
    }

    @Test
    void ingressIsTheReceivedRateAndEgressTheCopiesTimesTheSize() {
        Workload w = fanOut.withMessageSize(4096);
        LayoutEvaluation e = new TopologyEvaluator(w, activeMq, Objectives.utilization(0.9), tenGigabit)
                .evaluate(new Layout(4, 2));
        double rate = 5 * 500;
        assertEquals(rate * 4096 * 8, e.ingressBitsPerSecond(), 1e-6);
        assertEquals(rate * 20 * 100 / 200 * 4096 * 8, e.egressBitsPerSecond(), 1e-3);
        assertEquals(500 * 2 * 4096 * 8, e.publisherEgressBitsPerSecond(), 1e-6, "a publisher sends l copies");
        assertEquals(e.egressBitsPerSecond() / 10e9, e.networkUtilization(), 1e-12);
    }

    /** Brokers on one node share its link, so two per node need more brokers than one per node. */
    @Test
    void brokersOnOneNodeShareItsLink() {
        Workload w = fanOut.withMessageSize(65_536);
        long alone = plan(w, tenGigabit).chosen().orElseThrow().brokers();
        long shared = plan(w, new Limits(64, Long.MAX_VALUE, 10e9, 2)).chosen().orElseThrow().brokers();
        assertTrue(shared > alone, alone + " brokers alone, " + shared + " sharing");
    }

    /** One publisher's stream beyond the link cannot be split by any layout. */
    @Test
    void aPublisherFasterThanTheLinkIsBoundByTheNetwork() {
        Workload w = Workload.of(2, 2000, 10, 1, 1).withMessageSize(1 << 20);
        Plan plan = plan(w, tenGigabit);
        assertFalse(plan.feasible());
        assertEquals(new Network(Objectives.DEFAULT_UTILIZATION), plan.binding());
    }

    @Test
    void withoutAPlacementCapacityTheProfilesOrTheDefaultHolds() {
        assertEquals(Limits.DEFAULT_NETWORK_BITS_PER_SECOND, Limits.brokers(4).networkPerBroker(Double.NaN));
        assertEquals(25e9, Limits.brokers(4).networkPerBroker(25e9));
        assertEquals(5e9, new Limits(4, 100, 10e9, 2).networkPerBroker(25e9));
    }

    private Plan plan(Workload w, Limits limits) {
        return planner.plan(w, activeMq, Objectives.utilization(0.9), limits, TopologyMode.auto());
    }
}
