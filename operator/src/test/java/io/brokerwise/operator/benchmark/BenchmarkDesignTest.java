package io.brokerwise.operator.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.io.StringReader;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What a Saturate run's Job measures: the topology's saturated load on the routed layout, and what it refuses. */
class BenchmarkDesignTest {

    static final String RUN = """
            apiVersion: brokerwise.io/v1alpha1
            kind: BenchmarkRun
            metadata: {name: orders-saturated, namespace: trading}
            spec: {topologyRef: {name: orders}, mode: Saturate, duration: 60s, warmup: 15s}
            """;

    /**
     * 30 subscribers with 2 filters each on the correlation ID, of 3 components, E[R] 4.6, persistent 512-byte
     * messages, on PSR 3x1: the load {@code brokerwise-bench run --topology} gives for the same topology planned 3x1
     * (its RunCommandTest), repeated for each run.
     */
    @Test
    void aSaturateRunMeasuresTheWorkloadsFiltersWithFourPublishersARow() throws Exception {
        BenchmarkDesign design = design(topology(30), new Layout(3, 1));
        Duration warmup = Duration.ofSeconds(15);
        LoadSpec load = new LoadSpec(12, LoadSpec.Mode.saturate, 0, true, false,
                new SelectorDesign(5, 55, SelectorDesign.Kind.correlation, SelectorDesign.Shape.or, 3), 512,
                warmup, Duration.ofSeconds(30), warmup, Long.MAX_VALUE, 1);
        assertEquals(List.of(load, load, load), design.plan().points());
    }

    @Test
    void moreFiltersThanOneBenchmarkOpensAreRefusedAsWorkloadTooLarge() {
        BenchmarkDesign.Refused refused = assertThrows(BenchmarkDesign.Refused.class,
                () -> design(topology(1_001), new Layout(1, 1)));
        assertEquals("WorkloadTooLarge", refused.reason);
        assertEquals("2002 filters (subscribers x filtersPerSubscriber) are more than one benchmark opens (2000): set "
                + "spec.workload to a scaled-down workload", refused.getMessage());
    }

    private static BenchmarkDesign design(PubSubTopologySpec topology, Layout layout) throws BenchmarkDesign.Refused {
        BenchmarkRun run = new ManifestReader().add(new StringReader(RUN), "run.yaml").one(BenchmarkRun.class);
        return BenchmarkDesign.of(run, topology, ProfileResolver.forTopology(topology, List.of()), layout, 0);
    }

    private static PubSubTopologySpec topology(int subscribers) {
        String yaml = """
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: orders, namespace: trading}
                spec:
                  workload:
                    publishers: 40
                    messageRatePerPublisher: 400
                    subscribers: %d
                    filtersPerSubscriber: 2
                    filter: {kind: CorrelationId, components: 3}
                    replicationGrade: {mean: 4.6, distribution: Binomial}
                    messageSizeBytes: 512
                    deliveryMode: Persistent
                  profileRef: {name: henjes-activemq}
                  objectives: {maxUtilization: 0.8}
                  placement: {maxBrokers: 4}
                """.formatted(subscribers);
        return new ManifestReader().add(new StringReader(yaml), "topology.yaml").one(PubSubTopology.class).getSpec();
    }
}
