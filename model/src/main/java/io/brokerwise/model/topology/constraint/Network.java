package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A cap on the share of its network capacity a broker uses, in the busier direction: a broker receives
 * every message of its publishers once and sends one copy per matching subscriber, so large messages can
 * fill a node's link before its CPU (Mupparaju, "Performance Evaluation and Comparison of Distributed
 * Messaging Using Message Oriented Middleware", 2013, sec. 5.1 to 5.6: throughput falls with message size).
 */
public record Network(double cap) implements BoundedFigure {

    @Override
    public String reason() {
        return "Network";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.networkUtilization();
    }

    @Override
    public double bound() {
        return cap;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("network utilization %.3f exceeds the cap %.3f (in %s, out %s of %s)",
                load.networkUtilization(), cap, Format.bitsPerSecond(load.ingressBitsPerSecond()),
                Format.bitsPerSecond(load.egressBitsPerSecond()), Format.bitsPerSecond(load.networkBitsPerSecond()));
    }
}
