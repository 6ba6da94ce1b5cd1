package io.brokerwise.e2e;

/**
 * What the cluster tier's test classes share, named for JUnit's resource locks: two classes run side by side
 * (junit-platform.properties) only where the cluster holds both.
 * <ul>
 *   <li>The real node has two CPUs to request, 250m of them the operator's. A class whose brokers and clients request
 *       at most about 700m at once (one or two quarter-core brokers and a check pod of 200m) takes one
 *       {@linkplain #NODE_SLOT_A slot} of two, so two such classes run together, 1,650m with the operator.</li>
 *   <li>The simulated nodes carry one broker each, and both classes on them use all sixteen.</li>
 *   <li>A class that requests more of the real node (a 2 x 2 grid, a benchmark's brokers and clients beside the
 *       topology's), restarts the operator or the API server, reinstalls the operator, or reads what every other class
 *       left behind is {@code @Isolated}: JUnit runs those alone, one after the other in class order, after the
 *       rest.</li>
 * </ul>
 */
final class ClusterResources {

    static final String NODE_SLOT_A = "brokerwise-node/slot-a";
    static final String NODE_SLOT_B = "brokerwise-node/slot-b";
    static final String SIMULATED_NODES = "simulated-nodes";

    private ClusterResources() {
    }
}
