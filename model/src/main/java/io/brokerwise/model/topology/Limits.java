package io.brokerwise.model.topology;

/**
 * What the platform offers: brokers (dedicated nodes times brokers per node), connections per broker, and
 * each node's network capacity in bits/s per direction ({@code NaN} when the placement does not say),
 * which the brokers on a node share.
 */
public record Limits(int maxBrokers, long maxConnectionsPerBroker, double networkBitsPerSecond, int brokersPerNode) {

    public static final int DEFAULT_MAX_BROKERS = 1024;
    /** A node's network capacity when neither the placement nor the profile gives one: 10 Gbit/s. */
    public static final double DEFAULT_NETWORK_BITS_PER_SECOND = 10e9;

    public Limits {
        if (maxBrokers < 1 || maxConnectionsPerBroker < 2) {
            throw new IllegalArgumentException("need at least one broker and two connections per broker");
        }
        if (!Double.isNaN(networkBitsPerSecond) && !(networkBitsPerSecond > 0) || brokersPerNode < 1) {
            throw new IllegalArgumentException("network capacity must be positive and brokers per node at least 1");
        }
    }

    /** Brokers and connections, the network as the profile or the default has it, one broker per node. */
    public Limits(int maxBrokers, long maxConnectionsPerBroker) {
        this(maxBrokers, maxConnectionsPerBroker, Double.NaN, 1);
    }

    public static Limits brokers(int maxBrokers) {
        return new Limits(maxBrokers, Long.MAX_VALUE);
    }

    public Limits withMaxBrokers(int brokers) {
        return new Limits(brokers, maxConnectionsPerBroker, networkBitsPerSecond, brokersPerNode);
    }

    /**
     * The network capacity one broker has, in bits/s per direction: the node's (this placement's, else
     * {@code profileBitsPerSecond}, else the default) shared by the brokers on the node.
     */
    public double networkPerBroker(double profileBitsPerSecond) {
        double node = !Double.isNaN(networkBitsPerSecond) ? networkBitsPerSecond
                : !Double.isNaN(profileBitsPerSecond) ? profileBitsPerSecond : DEFAULT_NETWORK_BITS_PER_SECOND;
        return node / brokersPerNode;
    }
}
