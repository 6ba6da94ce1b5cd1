package io.brokerwise.operator.topology;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NewsForAPassTest {

    final NewsForAPass filter = new NewsForAPass();

    static PubSubTopology topology(long generation, Map<String, String> annotations, Long observed) {
        PubSubTopology t = new PubSubTopology();
        t.setMetadata(new ObjectMetaBuilder().withName("t").withNamespace("ns").withGeneration(generation)
                .withAnnotations(annotations).build());
        PubSubTopologyStatus status = new PubSubTopologyStatus();
        status.observedGeneration = observed;
        t.setStatus(status);
        return t;
    }

    @Test
    void theOperatorsOwnStatusWriteStartsNoPass() {
        assertFalse(filter.accept(topology(3, Map.of(), 3L), topology(3, Map.of(), 2L)));
    }

    @Test
    void aSpecChangeAnAnnotationAndAWipedStatusDo() {
        assertTrue(filter.accept(topology(4, Map.of(), 3L), topology(3, Map.of(), 3L)), "spec");
        assertTrue(filter.accept(topology(3, Map.of("brokerwise.io/paused", "true"), 3L), topology(3, Map.of(), 3L)),
                "the pause switch");
        assertTrue(filter.accept(topology(3, Map.of(), null), topology(3, Map.of(), 3L)), "status wiped");
    }
}
