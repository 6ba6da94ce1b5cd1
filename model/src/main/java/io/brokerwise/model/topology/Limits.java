package io.brokerwise.model.topology;

/** What the platform offers: brokers (dedicated nodes times brokers per node) and connections per broker. */
public record Limits(int maxBrokers, long maxConnectionsPerBroker) {

    public static final int DEFAULT_MAX_BROKERS = 1024;

    public Limits {
        if (maxBrokers < 1 || maxConnectionsPerBroker < 2) {
            throw new IllegalArgumentException("need at least one broker and two connections per broker");
        }
    }

    public static Limits brokers(int maxBrokers) {
        return new Limits(maxBrokers, Long.MAX_VALUE);
    }

    public boolean limitsConnections() {
        return maxConnectionsPerBroker != Long.MAX_VALUE;
    }
}
