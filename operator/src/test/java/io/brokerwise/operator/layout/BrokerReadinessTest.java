package io.brokerwise.operator.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.model.topology.Layout;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaimBuilder;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodBuilder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Why a broker is not Ready, as the Ready condition says it: here, a journal claim with no volume. */
class BrokerReadinessTest {

    private static final String CLAIM = "journal-orders-broker-0";

    @Test
    void aPendingBrokerNamesTheJournalClaimItWaitsForWithItsClassAndProvisioner() {
        PersistentVolumeClaim pending = new PersistentVolumeClaimBuilder().withNewMetadata().withName(CLAIM)
                .addToAnnotations(BrokerReadiness.PROVISIONER, "example.com/nowhere")
                .addToAnnotations(BrokerReadiness.SELECTED_NODE, "node-1").endMetadata()
                .withNewSpec().withStorageClassName("slow-disks").endSpec()
                .withNewStatus().withPhase("Pending").endStatus().build();
        String message = BrokerReadiness.of(topology(), List.of(broker("Pending")),
                        name -> Optional.of(pending).filter(c -> name.equals(CLAIM)))
                .readyCondition(topology(), Layout.parse("1x1"), java.util.Optional.empty()).message();
        assertEquals("0 of 1 brokers Ready; missing: orders-broker-0 (waiting for its journal claim "
                + CLAIM + " (Pending, StorageClass slow-disks): no volume from provisioner example.com/nowhere yet; "
                + "kubectl describe pvc " + CLAIM + " says why)", message);
    }

    /** WaitForFirstConsumer: the claim waits for the pod, whose scheduler message says why it is not placed. */
    @Test
    void aClaimNoNodeWasPickedForLeavesTheSchedulersMessage() {
        PersistentVolumeClaim waiting = new PersistentVolumeClaimBuilder().withNewMetadata().withName(CLAIM)
                .endMetadata().withNewSpec().withStorageClassName("slow-disks").endSpec()
                .withNewStatus().withPhase("Pending").endStatus().build();
        Pod unschedulable = new PodBuilder(broker("Pending")).editStatus().addNewCondition().withType("PodScheduled")
                .withStatus("False").withMessage("0/3 nodes are available: 3 Insufficient cpu.").endCondition()
                .endStatus().build();
        String message = BrokerReadiness.of(topology(), List.of(unschedulable), name -> Optional.of(waiting))
                .readyCondition(topology(), Layout.parse("1x1"), java.util.Optional.empty()).message();
        assertTrue(message.endsWith("orders-broker-0 (unschedulable: 0/3 nodes are available: 3 Insufficient cpu.)"),
                message);
        assertTrue(BrokerReadiness.of(topology(), List.of(unschedulable), name -> Optional.of(waiting)).anyPending(),
                "a Pending broker: the reconciler looks again, as neither the scheduler nor the claim sends an event");
    }

    @Test
    void aBrokerPastSchedulingIsNotAskedAboutItsClaims() {
        AtomicInteger asked = new AtomicInteger();
        String message = BrokerReadiness.of(topology(), List.of(broker("Running")), name -> {
            asked.incrementAndGet();
            return Optional.empty();
        }).readyCondition(topology(), Layout.parse("1x1"), java.util.Optional.empty()).message();
        assertEquals(0, asked.get());
        assertFalse(BrokerReadiness.of(topology(), List.of(broker("Running"))).anyPending());
        assertFalse(message.contains("journal claim"), message);
        assertTrue(message.contains("orders-broker-0 (Running)"), message);
    }

    /** A broker Ready on an earlier broker.xml lacks what only the new one declares (a queue): it does not serve it. */
    @Test
    void aBrokerServesTheBrokerXmlItStartedWith() {
        Pod started = new PodBuilder(broker("Running")).editMetadata()
                .addToAnnotations(Names.CONFIG_HASH_ANNOTATION, "new").endMetadata()
                .editStatus().addNewCondition().withType("Ready").withStatus("True").endCondition().endStatus().build();
        BrokerReadiness readiness = BrokerReadiness.of(topology(), List.of(started));
        assertTrue(readiness.readyOn(0, "new"));
        assertFalse(readiness.readyOn(0, "old"), "started on another broker.xml");
        assertFalse(readiness.readyOn(1, "new"), "no pod");
        assertFalse(BrokerReadiness.of(topology(), List.of(broker("Running"))).readyOn(0, "new"), "not Ready");
    }

    private static PubSubTopology topology() {
        PubSubTopology t = new PubSubTopology();
        t.setMetadata(new ObjectMetaBuilder().withName("orders").withNamespace("ns").build());
        return t;
    }

    private static Pod broker(String phase) {
        return new PodBuilder().withNewMetadata().withName("orders-broker-0").withNamespace("ns")
                .addToLabels(Names.INSTANCE_LABEL, "orders").endMetadata()
                .withNewSpec().addNewVolume().withName("journal").withNewPersistentVolumeClaim().withClaimName(CLAIM)
                .endPersistentVolumeClaim().endVolume().endSpec()
                .withNewStatus().withPhase(phase).endStatus().build();
    }
}
