package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabric8.kubernetes.api.model.ContainerStatus;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * Faults under a counted load (the benchmark image's delivery check, through the client library) on a 2 x 2 grid of
 * real brokers on the real node, four in turn, each once the one before has healed: the operator killed, the API
 * server restarted, a broker pod killed, every broker of the node lost at once. Non-durable subscriptions lose what
 * their down brokers missed, by design; everything else must arrive: a subscriber loses only messages sent during an
 * outage of one of its brokers (from the fault until every subscriber hears from every publisher again), the control
 * plane's faults cost nothing, and nothing arrives twice ({@link CountedLoad}). Prints each fault's figures; asserts
 * no duration.
 */
@LocalClusterTest
@Order(12)
@Isolated
class FaultsUnderLoadTest {

    /**
     * 40 messages/s over 4 publishers, light so the node's CPU is not what the test measures; at most 15 minutes, or
     * 40 in the long run (its faults end it much earlier).
     */
    static final String SCHEDULE = TestLength.pick("40x900s", "40x2400s");

    /** examples/local-cluster.yaml as a 2 x 2 grid: two columns, so a broker's loss leaves one whole. */
    static String gridManifest() {
        return Topologies.manifest("examples/local-cluster.yaml")
                .replace("mode: Auto", "mode: Grid\n    publisherGroups: 2\n    subscriberGroups: 2");
    }

    /**
     * The lost node comes last: the pod garbage collector force-deletes the pods bound to a deleted node. The real
     * node cannot be deleted under a load that runs on it, so its broker pods are what is force-deleted, all
     * together; the placement half of a node loss (brokers rescheduled onto the remaining dedicated nodes,
     * Ready=False naming them) is OperatorOnSimulatedNodesTest's, on kwok nodes. After the API server's restart the
     * operator, unable to renew its Lease, may exit and restart (printed); either way it reconciles a change made
     * once all four faults are over.
     */
    @Test
    void fourFaultsInTurnCostOnlyWhatTheirOutagesSent(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        String topology = Topologies.name(gridManifest());
        String ns = Pods.createNamespace(k8s, "bw-e2e-faults");
        try {
            Topologies.apply(k8s, ns, gridManifest());
            Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 4);
            List<String> brokers = Topologies.brokerPods(k8s, ns, topology).stream()
                    .map(p -> p.getMetadata().getName()).toList();
            assertEquals(4, brokers.size(), "a 2 x 2 grid");
            int restartsBefore = operatorRestarts(k8s);

            CountedLoad.start(k8s, ns, topology, "faults", SCHEDULE).run(TestLength.repeated(List.of(
                    Disruptions.killOperator(),
                    Disruptions.restartApiServer(),
                    Disruptions.killBrokers("broker pod killed", List.of(topology + "-broker-3")),
                    Disruptions.killBrokers("every broker of the node lost", brokers)))).finish();

            System.out.println("operator container restarts during the faults: "
                    + (operatorRestarts(k8s) - restartsBefore));
            Topologies.await(k8s, ns, topology, "Ready", "True", "are Ready", 2);
            Topologies.applyAndAwaitReconciled(k8s, ns, gridManifest().replace("messageRatePerPublisher: 10",
                    "messageRatePerPublisher: 11"));
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    private static int operatorRestarts(KubernetesClient k8s) {
        return OperatorInstall.pods(k8s).stream()
                .flatMap(p -> p.getStatus().getContainerStatuses().stream())
                .mapToInt(ContainerStatus::getRestartCount).sum();
    }
}
