package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import java.util.Map;

/** Names and labels of the objects a topology owns, in one place so every dependent agrees. */
public final class Names {

    public static final String LAYOUT_ANNOTATION = "brokerwise.io/layout";
    public static final String APPROVE_ANNOTATION = "brokerwise.io/approve";
    public static final String MANAGED_BY = "brokerwise-operator";
    public static final int BROKER_PORT = 61616;
    public static final String INSTANCE_LABEL = "app.kubernetes.io/instance";
    /** Pods with this label, valued with a topology's name, may reach its brokers (its NetworkPolicy). */
    public static final String CLIENT_OF_LABEL = "brokerwise.io/client-of";

    private Names() {
    }

    public static String statefulSet(PubSubTopology t) {
        return t.getMetadata().getName() + "-broker";
    }

    public static String service(PubSubTopology t) {
        return t.getMetadata().getName() + "-brokers";
    }

    public static String credentials(PubSubTopology t) {
        return t.getMetadata().getName() + "-broker-credentials";
    }

    public static String brokerConfig(PubSubTopology t) {
        return t.getMetadata().getName() + "-broker-config";
    }

    public static String routing(PubSubTopology t) {
        return t.getMetadata().getName() + "-routing";
    }

    public static String disruptionBudget(PubSubTopology t) {
        return t.getMetadata().getName() + "-brokers";
    }

    public static String networkPolicy(PubSubTopology t) {
        return t.getMetadata().getName() + "-brokers";
    }

    /** The labels every broker pod carries; the Service, the PDB and the StatefulSet select on them. */
    public static Map<String, String> brokerSelector(PubSubTopology t) {
        return Map.of("app.kubernetes.io/name", "artemis-broker", INSTANCE_LABEL, t.getMetadata().getName(),
                "app.kubernetes.io/managed-by", MANAGED_BY);
    }
}
