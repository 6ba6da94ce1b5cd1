package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.List;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;

/**
 * The layout changed under a counted load by a change of the declared workload: examples/local-cluster.yaml
 * (80 publishers, planned PSR 2x1) grows to 160 publishers (PSR 3x1) and shrinks back while the delivery check
 * publishes through the client library. The routing map moves make-before-break: subscribers register at a new
 * broker before publishers send to it, and a retiring broker stays until its clients have left. So every
 * subscriber receives everything published to its selector; duplicates are counted and printed, and arrive only
 * during a move ({@link CountedLoad}).
 */
@LocalClusterTest
@Order(13)
class ScalingUnderLoadTest {

    /** 40 messages/s, at most 10 minutes (30 in the long run): the moves end it. */
    static final String SCHEDULE = TestLength.pick("40x600s", "40x1800s");

    @Test
    void aWorkloadChangeThatScalesTheLayoutUpAndDownLosesNothing(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        String yaml = Topologies.manifest("examples/local-cluster.yaml");
        String grown = yaml.replace("publishers: 80", "publishers: 160");
        assertNotEquals(yaml, grown, "examples/local-cluster.yaml declares 80 publishers");
        String name = Topologies.name(yaml);
        String ns = Pods.createNamespace(k8s, "bw-e2e-scaling");
        try {
            Topologies.apply(k8s, ns, yaml);
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 4);
            CountedLoad load = CountedLoad.start(k8s, ns, name, "scaling", SCHEDULE).run(TestLength.repeated(
                    List.of(Disruptions.changeLayout(grown, 3, 1), Disruptions.changeLayout(yaml, 2, 1))));
            for (Disruption m : load.disruptions()) {
                System.out.printf("SCALE to %s: the clients moved %.1f s after the workload changed%n", m.what(),
                        m.seconds());
            }
            load.finish();
            assertEquals(2, Topologies.plannedBrokers(k8s, ns, name));
            assertEquals(2, (int) k8s.apps().statefulSets().inNamespace(ns).withName(name + "-broker").get().getSpec()
                    .getReplicas(), "the retired broker went once its clients had left");
            Topologies.await(k8s, ns, name, "Ready", "True", "are Ready", 2);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }
}
