package io.brokerwise.operator.layout;

import io.brokerwise.model.topology.Layout;

/**
 * The layout the dependents deploy, with what the broker configuration needs from the spec. It is
 * the plan once the plan is applied, else the layout already running.
 */
public record BrokerLayout(Layout layout, String deliveryMode) {

    public int brokers() {
        return Math.toIntExact(layout.brokers());
    }
}
