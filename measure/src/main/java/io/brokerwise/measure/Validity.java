package io.brokerwise.measure;

import io.brokerwise.measure.contract.LoadSpec;
import java.util.ArrayList;
import java.util.List;

/**
 * The dissertation's rule for a valid throughput measurement: the broker works at its CPU limit (at least
 * 96%) while the clients do not (at most 75%), so the rate measured is the broker's capacity and not the
 * load generator's. In rate mode the broker is meant to be below its limit, so only the client side applies.
 * Problems give a share to one decimal, so that 95.6% does not read as "96% (< 96%)".
 */
record Validity(boolean valid, List<String> problems) {

    static final double BROKER_MIN = 0.96;
    static final double CLIENT_MAX = 0.75;

    /**
     * @param brokerUtilization each broker's share of its CPU limit; empty where this process did not read them
     * @param caveats           why the brokers do not stand for dedicated nodes, if anything
     */
    static Validity check(LoadSpec.Mode mode, double[] brokerUtilization, double clientUtilization,
                          List<String> caveats) {
        List<String> problems = new ArrayList<>();
        if (mode == LoadSpec.Mode.saturate) {
            for (int i = 0; i < brokerUtilization.length; i++) {
                if (Double.isNaN(brokerUtilization[i])) {
                    problems.add(String.format("broker %d's CPU is unknown (its metrics do not say): it may not have "
                            + "been the bottleneck", i));
                } else if (!(brokerUtilization[i] >= BROKER_MIN)) {
                    problems.add(String.format("broker %d used %.1f%% of its CPU (< %.0f%%): it was not the bottleneck",
                            i, 100 * brokerUtilization[i], 100 * BROKER_MIN));
                }
            }
        }
        if (!(clientUtilization <= CLIENT_MAX)) {
            problems.add(String.format("the load generator used %.1f%% of the CPU left to it (> %.0f%%): it may be "
                    + "the bottleneck", 100 * clientUtilization, 100 * CLIENT_MAX));
        }
        problems.addAll(caveats);
        return new Validity(problems.isEmpty(), List.copyOf(problems));
    }
}
