package io.brokerwise.operator.layout;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import java.util.Map;

/**
 * Names and labels of the objects a topology owns (and a calibration's temporary broker, named like a topology's
 * brokers), in one place so every dependent agrees.
 */
public final class Names {

    public static final String LAYOUT_ANNOTATION = "brokerwise.io/layout";
    /** On the StatefulSet: the replicated queues its brokers carry ({@link QueueLayout#annotation()}). */
    public static final String QUEUES_ANNOTATION = "brokerwise.io/queues";
    /** On a broker pod (from its template): the hash of the broker.xml it started with. */
    public static final String CONFIG_HASH_ANNOTATION = "brokerwise.io/config-hash";
    /**
     * On the brokers' pod template and so on each pod: the hash of the rest of the template, by which a rollout
     * tells a broker that runs the current template from one to replace (the StatefulSet's own revisions are
     * written by its controller, late and only where one runs).
     */
    public static final String TEMPLATE_HASH_ANNOTATION = "brokerwise.io/template-hash";
    public static final String APPROVE_ANNOTATION = "brokerwise.io/approve";
    /** {@code "true"} stops reconciling a topology until it is removed (manual surgery on its objects). */
    public static final String PAUSED_ANNOTATION = "brokerwise.io/paused";
    public static final String MANAGED_BY = "brokerwise-operator";
    public static final int BROKER_PORT = 61616;
    public static final String INSTANCE_LABEL = "app.kubernetes.io/instance";
    /** Pods with this label, valued with a topology's name, may reach its brokers (its NetworkPolicy). */
    public static final String CLIENT_OF_LABEL = "brokerwise.io/client-of";

    private Names() {
    }

    public static String statefulSet(PubSubTopology t) {
        return statefulSet(t.getMetadata().getName());
    }

    public static String service(PubSubTopology t) {
        return service(t.getMetadata().getName());
    }

    public static String credentials(PubSubTopology t) {
        return credentials(t.getMetadata().getName());
    }

    public static String management(PubSubTopology t) {
        return management(t.getMetadata().getName());
    }

    public static String brokerConfig(PubSubTopology t) {
        return brokerConfig(t.getMetadata().getName());
    }

    public static String routing(PubSubTopology t) {
        return routing(t.getMetadata().getName());
    }

    public static String disruptionBudget(PubSubTopology t) {
        return t.getMetadata().getName() + "-brokers";
    }

    public static String networkPolicy(PubSubTopology t) {
        return t.getMetadata().getName() + "-brokers";
    }

    /** The labels every broker pod carries; the Service, the PDB and the StatefulSet select on them. */
    public static Map<String, String> brokerSelector(PubSubTopology t) {
        return brokerSelector(t.getMetadata().getName());
    }

    // By the name of a set of brokers: a topology's, or a calibration's temporary broker.

    public static String statefulSet(String brokers) {
        return brokers + "-broker";
    }

    public static String service(String brokers) {
        return brokers + "-brokers";
    }

    /** The application user's Secret: what application pods get. */
    public static String credentials(String brokers) {
        return brokers + "-broker-credentials";
    }

    /** The metrics and management users' Secret: no application pod gets it. */
    public static String management(String brokers) {
        return brokers + "-broker-management";
    }

    /** The brokers' CA certificate and key: only the operator reads it. */
    public static String authority(String brokers) {
        return brokers + "-broker-ca";
    }

    /** The certificates the operator issued to the brokers, one pair per pod: the brokers mount it. */
    public static String certificates(String brokers) {
        return brokers + "-broker-tls";
    }

    public static String brokerConfig(String brokers) {
        return brokers + "-broker-config";
    }

    public static String routing(String brokers) {
        return brokers + "-routing";
    }

    public static Map<String, String> brokerSelector(String brokers) {
        return Map.of("app.kubernetes.io/name", "artemis-broker", INSTANCE_LABEL, brokers,
                "app.kubernetes.io/managed-by", MANAGED_BY);
    }

    /** The StatefulSet ordinal of a broker's routing-map address, {@code <name>-broker-<ordinal>.<service>...}. */
    public static int ordinal(String address) {
        String pod = pod(address);
        return Integer.parseInt(pod.substring(pod.lastIndexOf('-') + 1));
    }

    /** The pod name of a broker's routing-map address: its host's first label. */
    public static String pod(String address) {
        return address.substring(0, address.indexOf('.') < 0 ? address.indexOf(':') : address.indexOf('.'));
    }
}
