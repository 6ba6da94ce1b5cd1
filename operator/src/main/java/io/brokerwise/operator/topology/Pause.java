package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import java.util.Map;

/**
 * The pause switch: {@code brokerwise.io/paused: "true"} stops reconciling a topology, for a team doing manual
 * surgery on its objects (as Strimzi's pause-reconciliation annotation does); removing it, or any other value,
 * resumes.
 */
final class Pause {

    private Pause() {
    }

    static boolean asked(PubSubTopology topology) {
        Map<String, String> annotations = topology.getMetadata().getAnnotations();
        return annotations != null && "true".equals(annotations.get(Names.PAUSED_ANNOTATION));
    }
}
