package io.brokerwise.operator;

import static io.brokerwise.operator.PubSubTopologyReconcilerTest.topology;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.junit.QuarkusTest;
import jakarta.inject.Inject;
import java.util.Collection;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** A topology's reconcile passes are timed, per topology, with a count, a sum and a maximum, and no histogram. */
@QuarkusTest
@QuarkusTestResource(LocalApiServerResource.class)
@Tag("kube-api")
class PerResourceTimersTest {

    final KubernetesClient client = LocalApiServerResource.adminClient();

    @Inject
    MeterRegistry meters;

    @Test
    void reconcileTimersOfATopologyHaveNoHistogram() {
        TestCluster cluster = new TestCluster(client);
        cluster.namespace("timers");
        PubSubTopology t = cluster.apply(topology("timed", "timers", "timers", ""));
        cluster.await(t, "Valid", "True", "Valid");

        Collection<Timer> timers = meters.find("operator.sdk.controllers.execution.reconcile")
                .tag("resource.name", "timed").timers();
        assertFalse(timers.isEmpty(), "no reconcile timer of the topology: " + meters.getMeters().stream()
                .map(m -> m.getId().getName()).distinct().sorted().toList());
        for (Timer timer : timers) {
            var snapshot = timer.takeSnapshot();
            assertTrue(snapshot.count() > 0, timer.getId() + " counted no pass");
            assertEquals(0, snapshot.histogramCounts().length, timer.getId() + " has histogram buckets");
            assertEquals(0, snapshot.percentileValues().length, timer.getId() + " has percentiles");
        }
    }
}
