package io.brokerwise.operator;

import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Condition;
import java.util.List;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.EventBuilder;
import io.fabric8.kubernetes.api.model.ObjectReferenceBuilder;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import java.time.Instant;
import org.jboss.logging.Logger;

/**
 * Kubernetes events for the operator's decisions (a topology planned, held for approval, deployed; a benchmark
 * started, failed, measured; a change autoscaling proposes), so that {@code kubectl describe} tells the story.
 * Sent when a condition changes, or once a proposal, not on every pass.
 */
public final class ResourceEvents {

    private static final Logger LOG = Logger.getLogger(ResourceEvents.class);

    private ResourceEvents() {
    }

    /**
     * Sets a condition of {@code resource}'s status ("True", "False" or "Unknown") and records an event when it
     * changed (a False one as a warning).
     */
    public static void setCondition(KubernetesClient client, HasMetadata resource, List<Condition> conditions, String type,
                                    String value, String reason, String message) {
        if (Conditions.set(conditions, resource.getMetadata().getGeneration(), type, value, reason, message)) {
            record(client, resource, !"False".equals(value), reason, type + ": " + message);
        }
    }

    public static void record(KubernetesClient client, HasMetadata t, boolean normal, String reason, String message) {
        String now = Instant.now().toString();
        var event = new EventBuilder()
                .withNewMetadata().withGenerateName(t.getMetadata().getName() + ".").withNamespace(t.getMetadata().getNamespace())
                .endMetadata()
                .withInvolvedObject(new ObjectReferenceBuilder().withApiVersion(t.getApiVersion()).withKind(t.getKind())
                        .withName(t.getMetadata().getName()).withNamespace(t.getMetadata().getNamespace())
                        .withUid(t.getMetadata().getUid()).build())
                .withType(normal ? "Normal" : "Warning").withReason(reason).withMessage(message)
                .withFirstTimestamp(now).withLastTimestamp(now).withCount(1)
                .withNewSource().withComponent(Names.MANAGED_BY).endSource()
                .build();
        try {
            client.v1().events().inNamespace(t.getMetadata().getNamespace()).resource(event).create();
        } catch (KubernetesClientException e) {
            // an event is a courtesy: losing one must not fail the reconciliation
            LOG.warnf("could not record event %s for %s: %s", reason, t.getMetadata().getName(), e.getMessage());
        }
    }
}
