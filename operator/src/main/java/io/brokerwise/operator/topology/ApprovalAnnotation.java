package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.client.KubernetesClient;

/**
 * {@code brokerwise.io/approve=true} approves the plan held under approval: Manual; once the plan is
 * applied the operator removes it, so the next plan waits for approval again (as Strimzi's
 * KafkaRebalance does with its approve annotation).
 */
final class ApprovalAnnotation {

    private ApprovalAnnotation() {
    }

    static void consume(KubernetesClient client, PubSubTopology topology) {
        var annotations = topology.getMetadata().getAnnotations();
        if (annotations == null || !annotations.containsKey(Names.APPROVE_ANNOTATION)) {
            return;
        }
        client.resources(PubSubTopology.class).inNamespace(topology.getMetadata().getNamespace())
                .withName(topology.getMetadata().getName())
                .edit(t -> {
                    t.getMetadata().getAnnotations().remove(Names.APPROVE_ANNOTATION);
                    return t;
                });
    }
}
