package io.brokerwise.operator.layout;

import io.brokerwise.model.topology.Layout;

/** The layout the dependents deploy: the plan once the plan is applied, else the layout already running. */
public record BrokerLayout(Layout layout) {

    public int brokers() {
        return Math.toIntExact(layout.brokers());
    }
}
