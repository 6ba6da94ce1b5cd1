package io.brokerwise.operator.dependent;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.networking.v1.NetworkPolicyPeer;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The rendered policy. The local cluster's CNI does not enforce NetworkPolicies, so what they let through is
 * checked here, as content; the operator tests check that it is created on a real API server.
 */
class BrokerNetworkPolicyTest {

    @Test
    void onlyTheTopologysClientsAndTheOperatorReachTheBrokersPorts() {
        var topology = BrokerStatefulSetTest.topology("orders", "");
        var spec = BrokerNetworkPolicy.policy(topology, "ops", false).getSpec();
        assertEquals(Names.brokerSelector(topology), spec.getPodSelector().getMatchLabels());
        assertEquals(List.of("Ingress"), spec.getPolicyTypes(), "ingress only: the brokers open no connections");
        assertEquals(1, spec.getIngress().size());
        var rule = spec.getIngress().get(0);
        assertEquals(List.of("TCP:61616", "TCP:9404"),
                rule.getPorts().stream().map(p -> p.getProtocol() + ":" + p.getPort().getIntVal()).toList());

        NetworkPolicyPeer clients = rule.getFrom().get(0);
        assertNull(clients.getNamespaceSelector(), "clients only from the topology's own namespace");
        assertNull(clients.getIpBlock());
        assertEquals(Map.of("brokerwise.io/client-of", "orders"), clients.getPodSelector().getMatchLabels());

        NetworkPolicyPeer operator = rule.getFrom().get(1);
        assertEquals(Map.of("kubernetes.io/metadata.name", "ops"), operator.getNamespaceSelector().getMatchLabels());
        assertEquals(Map.of("app.kubernetes.io/name", "brokerwise-operator"), operator.getPodSelector().getMatchLabels());
        assertNull(operator.getIpBlock());
        assertEquals(2, rule.getFrom().size(), "no other peer");
    }

    /** Brokers carrying replicated queues reach one another, on the acceptor's port alone; the rest is as before. */
    @Test
    void brokersWithQueuesReachEachOthersAcceptor() {
        var topology = BrokerStatefulSetTest.topology("orders", "");
        var without = BrokerNetworkPolicy.policy(topology, "ops", false).getSpec();
        var spec = BrokerNetworkPolicy.policy(topology, "ops", true).getSpec();
        assertEquals(2, spec.getIngress().size());
        assertEquals(without.getIngress().get(0), spec.getIngress().get(0), "clients and operator as without queues");
        var brokers = spec.getIngress().get(1);
        assertEquals(List.of("TCP:61616"),
                brokers.getPorts().stream().map(p -> p.getProtocol() + ":" + p.getPort().getIntVal()).toList());
        assertEquals(1, brokers.getFrom().size());
        NetworkPolicyPeer peer = brokers.getFrom().get(0);
        assertEquals(Names.brokerSelector(topology), peer.getPodSelector().getMatchLabels(), "the topology's brokers");
        assertNull(peer.getNamespaceSelector(), "of its own namespace");
        assertNull(peer.getIpBlock());
        assertEquals(List.of("Ingress"), spec.getPolicyTypes());
    }
}
