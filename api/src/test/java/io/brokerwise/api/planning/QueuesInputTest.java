package io.brokerwise.api.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.ProfileRef;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.queues from a manifest to the model: defaults, the annotations' checks item by item, and the names. */
class QueuesInputTest {

    /** The topology of SpecDefaultsTest, named t, with these items of spec.queues. */
    static PubSubTopology read(String queues) {
        return SpecDefaultsTest.read("  queues:\n" + queues.indent(4));
    }

    static List<String> problems(String queues) {
        return SpecValidator.validate(read(queues));
    }

    @Test
    void aQueueBecomesTheModelsWorkloadWithItsDefaults() {
        PlanningInput in = PlanningInput.from(read("""
                - {name: orders, producers: 40, messageRatePerProducer: 1000, consumers: 80, messageRatePerConsumer: 600}
                - {name: audit, producers: 5, messageRatePerProducer: 10, consumers: 0,
                   selector: {components: 3, distinct: 2}, messageSizeBytes: 256}
                """).getSpec(), "prices");
        assertEquals(List.of(
                new QueueWorkload("orders", 40, 1000, 80, 600, 0, Double.NaN, 1024),
                new QueueWorkload("audit", 5, 10, 0, QueueWorkload.AS_FAST_AS_THEY_CAN, 3, 2, 256)), in.queues());
        assertEquals(in.queues(), in.withAvailableBrokers(2).queues());
    }

    /** A persistent queue's messages must survive its replica's restart, as a persistent topic's do. */
    @Test
    void aPersistentQueueGivesTheBrokersAJournal() {
        String queue = "- {name: jobs, producers: 1, messageRatePerProducer: 1, consumers: 1";
        assertFalse(read(queue + "}").getSpec().needsJournal());
        assertTrue(read(queue + ", deliveryMode: Persistent}").getSpec().needsJournal());
        assertFalse(SpecDefaultsTest.read("").getSpec().needsJournal());
    }

    @Test
    void noQueuesIsAnEmptyList() {
        var spec = SpecDefaultsTest.read("").getSpec();
        assertEquals(List.of(), PlanningInput.from(spec, "orders").queues());
    }

    /** Zero consumers pass (the plan says why nothing is deployed); a consumer rate of zero does not. */
    @Test
    void eachItemIsCheckedAndNamedByItsIndex() {
        assertEquals(List.of(), problems("- {name: a, producers: 1, messageRatePerProducer: 1, consumers: 0}"));
        assertEquals(List.of(
                "spec.queues[0].messageRatePerConsumer: must be greater than 0, got 0",
                "spec.queues[1].name: 'Orders' does not match " + QueueSpec.NAME_PATTERN,
                "spec.queues[1].producers: must be at least 1, got 0",
                "spec.queues[2].messageRatePerProducer: required",
                "spec.queues[2].consumers: must be at least 0, got -1"), problems("""
                - {name: a, producers: 1, messageRatePerProducer: 1, consumers: 2, messageRatePerConsumer: 0}
                - {name: Orders, producers: 0, messageRatePerProducer: 1, consumers: 2}
                - {name: c, producers: 1, consumers: -1}
                """));
        assertEquals(List.of("spec.queues[0]: an empty item; remove it or give its fields"), problems("- ~"));
    }

    @Test
    void aQueueMayNotTakeTheTopicsNameNorAnotherQueues() {
        assertEquals(List.of(
                "spec.queues[0].name: 't' is the topic's name (metadata.name); a queue needs one of its own",
                "spec.queues[2].name: 'orders' is also spec.queues[1].name; the names of topics and queues must differ"), problems("""
                - {name: t, producers: 1, messageRatePerProducer: 1, consumers: 1}
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                """));
        // an empty item keeps its place: the names after it are named by their own index
        assertEquals(List.of("spec.queues[0]: an empty item; remove it or give its fields",
                "spec.queues[1].name: 't' is the topic's name (metadata.name); a queue needs one of its own",
                "spec.queues[3].name: 'orders' is also spec.queues[2].name; the names of topics and queues must differ"), problems("""
                - ~
                - {name: t, producers: 1, messageRatePerProducer: 1, consumers: 1}
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                """));
    }

    /** The operator validates the spec alone, without the topology's name: duplicates are refused there too. */
    @Test
    void theSpecAloneRefusesDuplicateNames() {
        var spec = read("""
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                - {name: orders, producers: 1, messageRatePerProducer: 1, consumers: 1}
                """).getSpec();
        ManifestException e = assertThrows(ManifestException.class, () -> PlanningInput.from(spec, "orders"));
        assertEquals(List.of("spec.queues[1].name: 'orders' is also spec.queues[0].name; the names of topics and queues must differ"),
                e.problems());
    }

    @Test
    void anOfferedLoadBeyondADoubleNamesTheQueue() {
        var spec = read("- {name: a, producers: 9007199254740992, messageRatePerProducer: 1e300, consumers: 1}")
                .getSpec();
        ManifestException e = assertThrows(ManifestException.class, () -> PlanningInput.from(spec, "orders"));
        assertTrue(e.problems().get(0).startsWith("spec.queues[0]: messageRatePerProducer: producers x "
                + "messageRatePerProducer must be a finite number"), e.problems().toString());
    }

    /** Without a profileRef a queue plans with the default's variant for its delivery; with one, with that. */
    @Test
    void aQueuesProfileFollowsItsDeliveryModeAndSelectorsUnlessTheTopologyNamesOne() {
        var spec = read("""
                - {name: a, producers: 1, messageRatePerProducer: 1, consumers: 1, deliveryMode: Persistent}
                - {name: b, producers: 1, messageRatePerProducer: 1, consumers: 1, selector: {kind: CorrelationId}}
                """).getSpec();
        PlanningInput.from(spec, "orders");
        assertEquals("artemis-2.56-halfcore-persistent",
                ProfileResolver.forQueue(spec, spec.queues.get(0), List.of()).name());
        assertEquals("artemis-2.56-halfcore-nonpersistent",
                ProfileResolver.forQueue(spec, spec.queues.get(1), List.of()).name());
        spec.profileRef = new ProfileRef("henjes-fioranomq");
        assertEquals("henjes-fioranomq-correlation-id",
                ProfileResolver.forQueue(spec, spec.queues.get(1), List.of()).name());
        assertEquals("henjes-fioranomq-application-property",
                ProfileResolver.forQueue(spec, spec.queues.get(0), List.of()).name());
    }
}
