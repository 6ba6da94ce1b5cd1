package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.QueueDelivery;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * A replicated queue beside the topic on the same brokers, grown from 1 to 2 replicas and shrunk back by a change of
 * its producers' declared rate, while the delivery check publishes to the topic and sends to and takes from the
 * queue through the client library (examples/queues-local-cluster.yaml). Growing adds broker 1 and its replica, and
 * the check's clients spread over both; shrinking marks replica 1 for removal, its clients move to replica 0, and it
 * leaves the map (and the StatefulSet) only once the brokers' readings show it empty. Every message sent to the
 * queue is taken once; the topic's subscribers, whose layout does not move, get everything once: the cluster
 * connection carries the queue's address only, so no topic message comes twice through it. Broker 0 is never
 * restarted.
 */
@LocalClusterTest
@Order(15)
@ResourceLock(ClusterResources.NODE_SLOT_B)
class QueuesUnderLoadTest {

    static final String QUEUE = "work";
    /** 40 messages/s to the topic and 40 to the queue, at most 10 minutes (30 in the long run): the steps end it. */
    static final String SCHEDULE = TestLength.pick("40x600s", "40x1800s");

    @Test
    void aQueueGrowsAndShrinksUnderLoadLosingNothingAndTheTopicGetsNothingTwice(KubernetesClient k8s)
            throws Exception {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest("examples/queues-local-cluster.yaml");
        String grown = yaml.replace("messageRatePerProducer: 1000", "messageRatePerProducer: 3000");
        assertNotEquals(yaml, grown, "examples/queues-local-cluster.yaml declares 1000 msgs/s per producer");
        String name = Topologies.name(yaml);
        String ns = Pods.createNamespace(k8s, "bw-e2e-queues");
        try {
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            Topologies.awaitQueueRoute(k8s, ns, name, QUEUE, r -> r.replicas().size() == 1, "one replica");
            Pod first = broker0(k8s, ns, name);
            CountedLoad load = CountedLoad.start(k8s, ns, name, "queues", SCHEDULE, "--queue", QUEUE,
                    "--queue-producers", "2", "--queue-consumers", "2").run(TestLength.repeated(List.of(
                    Disruptions.resizeQueue(grown, QUEUE, 2), Disruptions.resizeQueue(yaml, QUEUE, 1))));
            DeliveryReport report = load.finish();
            QueueDelivery queue = report.queue();
            assertNotNull(queue, "the check counted the queue");
            System.out.printf("QUEUE %s: sent %,d, taken %,d, lost %d, twice %d, failed sends %d%n", queue.queue(),
                    queue.sent(), queue.taken(), queue.lost(), queue.duplicates(), queue.sendFailures());
            assertEquals(0, queue.sendFailures(), "no send to the queue failed");
            assertEquals(0, queue.lost(), "every message sent to the queue was taken");
            assertEquals(0, queue.duplicates(), "none was taken twice");
            assertEquals(0, report.duplicates(), "the topic's subscribers got nothing twice");
            // the pass that drops the emptied replica from the map shrinks the StatefulSet; its write may come last
            k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").waitUntilCondition(
                    s -> s.getSpec().getReplicas() == 1, 1, TimeUnit.MINUTES);
            Pod after = broker0(k8s, ns, name);
            assertEquals(first.getMetadata().getUid(), after.getMetadata().getUid(), "broker 0 was not replaced");
            assertEquals(restarts(first), restarts(after), "broker 0 was not restarted");
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    private static Pod broker0(KubernetesClient k8s, String ns, String name) {
        return k8s.pods().inNamespace(ns).withName(name + "-broker-0").get();
    }

    private static int restarts(Pod p) {
        return p.getStatus().getContainerStatuses().stream().mapToInt(c -> c.getRestartCount()).sum();
    }
}
