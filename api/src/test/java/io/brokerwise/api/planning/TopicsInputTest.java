package io.brokerwise.api.planning;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.model.topology.Topic;
import io.brokerwise.model.topology.Workload;
import java.util.List;
import org.junit.jupiter.api.Test;

/** spec.topics from a manifest to the model, and spec.workload as the one-topic form it always was. */
class TopicsInputTest {

    private static final String PRICES = """
              - name: prices
                maxWaitingTime: 2ms
                workload: {publishers: 4, messageRatePerPublisher: 100, subscribers: 8, replicationGrade: {mean: 2}}
            """;
    private static final String AUDIT = """
              - name: audit
                workload: {publishers: 1, messageRatePerPublisher: 10, subscribers: 0, filtersPerSubscriber: 0,
                           replicationGrade: {mean: 0}}
            """;

    static PubSubTopology read(String spec) {
        return SpecDefaultsTest.topology("market", spec);
    }

    @Test
    void aManifestWithSpecWorkloadPlansOneTopicNamedAsTheTopology() {
        var spec = read("  workload: {publishers: 10, messageRatePerPublisher: 100, subscribers: 100, "
                + "replicationGrade: {mean: 2}}\n").getSpec();
        PlanningInput in = PlanningInput.from(spec, "market");
        assertEquals(List.of(Topic.of("market", Workload.of(10, 100, 100, 1, 2))), in.topics());
        assertEquals("spec.workload", in.topicField(0));
        assertEquals(List.of("market"), spec.topicNames("market"));
    }

    @Test
    void specTopicsPlansEachTopicWithItsNameItsWorkloadAndItsOwnBound() {
        var spec = read("  topics:\n" + PRICES + AUDIT).getSpec();
        PlanningInput in = PlanningInput.from(spec, "market");
        assertEquals(List.of(new Topic("prices", Workload.of(4, 100, 8, 1, 2), 0.002),
                Topic.of("audit", new Workload(1, 10, 0, 0, 1, 0, Workload.of(1, 1, 1, 1, 1).distribution(),
                        Double.NaN))), in.topics());
        assertEquals("spec.topics[1].workload", in.topicField(1));
        assertEquals(List.of("prices", "audit"), spec.topicNames("market"));
        var e = assertThrows(ManifestException.class, in::workload);
        assertTrue(e.getMessage().contains("give spec.workload"), e.getMessage());
    }

    @Test
    void bothFormsOrNeitherAreRefusedSayingWhichToGive() {
        String both = "  workload: {publishers: 1, messageRatePerPublisher: 1, subscribers: 1, replicationGrade: "
                + "{mean: 1}}\n  topics:\n" + PRICES;
        for (String spec : List.of(both, "  objectives: {}\n")) {
            var e = assertThrows(ManifestException.class, () -> PlanningInput.from(read(spec).getSpec(), "market"));
            assertTrue(e.problems().contains("spec: " + PubSubTopologySpec.ONE_FORM), e.problems().toString());
        }
    }

    @Test
    void aSubscriberlessOneTopicFormIsRefusedButATopicMayHaveNone() {
        var e = assertThrows(ManifestException.class, () -> PlanningInput.from(read("  workload: {publishers: 1, "
                + "messageRatePerPublisher: 1, subscribers: 0, filtersPerSubscriber: 0, replicationGrade: {mean: 0}}\n")
                .getSpec(), "market"));
        assertEquals(List.of("spec." + PubSubTopologySpec.WORKLOAD_SUBSCRIBERS), e.problems());
    }

    @Test
    void twoDestinationsWithOneNameAreRefusedNamingTheField() {
        var topology = read("  topics:\n" + PRICES + PRICES + "  queues:\n    - {name: audit, producers: 1, "
                + "messageRatePerProducer: 1, consumers: 1}\n    - {name: prices, producers: 1, "
                + "messageRatePerProducer: 1, consumers: 1}\n");
        assertEquals(List.of(
                "spec.topics[1].name: 'prices' is also spec.topics[0].name; the names of topics and queues must differ",
                "spec.queues[1].name: 'prices' is also spec.topics[0].name; the names of topics and queues must differ"),
                SpecValidator.validate(topology));
    }
}
