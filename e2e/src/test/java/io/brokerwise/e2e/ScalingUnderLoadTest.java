package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.api.model.Quantity;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * A topology of several destinations changes its layout under a counted load: examples/local-cluster-topics.yaml
 * (topics {@code prices}, non-persistent, and {@code orders}, persistent, on brokers with journals; planned PSR 2x1)
 * is set to a 2 x 2 grid and then back to its plan while the delivery check publishes to both topics through the
 * client library. Half the check's subscribers read {@code prices}; the other half hold durable subscriptions on
 * {@code orders}, each placed by its client ID, so a change of l moves some of them: registered at the new column
 * first, the old one drained, then removed there. The routing map moves make-before-break, and a retiring broker
 * stays until its clients have left and its durable subscriptions hold nothing. So every subscriber receives
 * everything published to its selector on its topic; a non-durable subscriber may receive a message twice only
 * during a move, a durable one never ({@code docs/persistence.md}, Duplicates).
 * <p>
 * Then the brokers' memory changes, which needs every broker restarted: the operator rolls it out cell by cell, each
 * cell moved to a new broker before its old one goes, and the same holds (docs/architecture.md, Changes that restart
 * brokers, without loss). Throughout, the routing map never names a broker whose pod is not Ready.
 */
@LocalClusterTest
@Order(13)
@Isolated
class ScalingUnderLoadTest {

    static final String MANIFEST = "examples/local-cluster-topics.yaml";
    static final String DURABLE_TOPIC = "orders";
    /** 40 messages/s, at most 10 minutes (30 in the long run): the moves end it. */
    static final String SCHEDULE = TestLength.pick("40x900s", "40x2700s");
    /** The brokers' memory in the manifest, and a change of it, which needs every broker restarted. */
    static final String MEMORY = "384Mi";
    static final String MORE_MEMORY = "448Mi";

    @Test
    void aLayoutChangeOfSeveralTopicsWithDurableSubscribersLosesNothing(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest(MANIFEST);
        String grid = yaml.replace("    mode: Auto", "    mode: Grid\n    publisherGroups: 2\n    subscriberGroups: 2");
        assertNotEquals(yaml, grid, MANIFEST + " plans in mode Auto");
        String name = Topologies.name(yaml);
        String ns = Pods.createNamespace(k8s, "bw-e2e-scaling");
        try {
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            assertEquals(2, Topologies.plannedBrokers(k8s, ns, name));
            CountedLoad load = CountedLoad.start(k8s, ns, name, "scaling", SCHEDULE, "--durable-topic",
                    DURABLE_TOPIC).run(Stream.concat(TestLength.repeated(List.of(Disruptions.changeLayout(grid, 2, 2),
                    Disruptions.changeLayout(yaml, 2, 1))).stream(), Stream.of(Disruptions.rollOut("broker memory "
                    + MEMORY + " -> " + MORE_MEMORY, yaml.replace("memory: " + MEMORY, "memory: " + MORE_MEMORY), 2,
                    1))).toList());
            for (Disruption m : load.disruptions().stream().filter(d -> d.moves() == 1).toList()) {
                System.out.printf("SCALE to %s: the clients moved %.1f s after the spec changed%n", m.what(),
                        m.seconds());
            }
            DeliveryReport report = load.finish();
            assertDurableSubscribersCounted(report);
            assertEquals(2, Topologies.plannedBrokers(k8s, ns, name));
            assertEquals(2, (int) k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get().getSpec()
                    .getReplicas(), "the retired brokers went once their clients had left and held nothing");
            assertTrue(Topologies.brokerPods(k8s, ns, name).stream().allMatch(p -> Quantity.getAmountInBytes(
                    p.getSpec().getContainers().get(0).getResources().getLimits().get("memory"))
                    .equals(Quantity.getAmountInBytes(new Quantity(MORE_MEMORY)))), "every broker runs with the new memory");
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 2);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    /** Both topics were loaded, and no durable subscriber received a message twice. */
    private static void assertDurableSubscribersCounted(DeliveryReport report) {
        List<SubscriberDelivery> durable = report.subscribers().stream().filter(SubscriberDelivery::durable).toList();
        assertEquals(report.subscribers().size() / 2, durable.size(), "half the subscribers durable: "
                + report.line());
        assertTrue(durable.stream().allMatch(d -> d.topic().equals(DURABLE_TOPIC) && d.expected() > 0),
                "the durable subscribers read " + DURABLE_TOPIC + ": " + report.line());
        assertEquals(0, durable.stream().mapToLong(SubscriberDelivery::duplicates).sum(),
                "a durable subscriber receives nothing twice: " + report.line());
        for (SubscriberDelivery d : durable) {
            System.out.printf("DURABLE %s: %d of %d, %d twice%n", d.selector(), d.received(), d.expected(),
                    d.duplicates());
        }
    }
}
