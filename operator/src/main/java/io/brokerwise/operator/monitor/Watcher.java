package io.brokerwise.operator.monitor;

import io.javaoperatorsdk.operator.processing.event.ResourceID;

/** Who wants readings, and what for: a topology and a purpose ("autoscaling", "retiring"). */
public record Watcher(ResourceID topology, String purpose) {

    public static Watcher of(ResourceID topology, String purpose) {
        return new Watcher(topology, purpose);
    }

    /** The topology as the operator's metrics name it: {@code namespace/name}. */
    public String owner() {
        return topology.getNamespace().orElse("") + "/" + topology.getName();
    }
}
