package io.brokerwise.broker;

/**
 * The roles a Brokerwise broker knows, each held by a user of its own, so that what a pod is given decides what
 * it can do. Applications (and the client probe and the benchmark clients) get the application user; whoever
 * reads the metrics (the operator, the benchmark clients, a Prometheus) gets the metrics user, which can read
 * {@code GET /metrics} and nothing else on the broker; the management user is for the platform team and goes to
 * no pod but the brokers. Each role names the keys its user and passwords have in a Secret and in a broker's
 * environment.
 */
public enum BrokerRole {

    /** Sends, consumes and subscribes (non-durably) on the topology's topic, nothing else. */
    APPLICATION("brokerwise", "ARTEMIS"),
    /** Reads the metrics endpoint; holds no permission on any address: it can neither send, consume nor manage. */
    METRICS("brokerwise-metrics", "METRICS"),
    /** Every permission on every address, management operations included; reads the metrics endpoint too. */
    MANAGEMENT("brokerwise-management", "MANAGEMENT");

    private final String role;
    private final String keyPrefix;

    BrokerRole(String role, String keyPrefix) {
        this.role = role;
        this.keyPrefix = keyPrefix;
    }

    /** The Artemis role (broker.xml's security settings name it), also the user name a generated user gets. */
    public String role() {
        return role;
    }

    /** The key of the user's name: {@code ARTEMIS_USER}, {@code METRICS_USER}, {@code MANAGEMENT_USER}. */
    public String userKey() {
        return keyPrefix + "_USER";
    }

    /** The key of the user's password. */
    public String passwordKey() {
        return keyPrefix + "_PASSWORD";
    }

    /**
     * The key of a password the broker still admits beside the current one while clients move to the new one
     * (docs/operations.md, rotating a password); absent outside a rotation.
     */
    public String previousPasswordKey() {
        return keyPrefix + "_PREVIOUS_PASSWORD";
    }

    /** Whether the user may read the metrics endpoint. */
    public boolean readsMetrics() {
        return this != APPLICATION;
    }
}
