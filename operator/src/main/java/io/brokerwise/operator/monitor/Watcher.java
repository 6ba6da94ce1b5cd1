package io.brokerwise.operator.monitor;

import io.javaoperatorsdk.operator.processing.event.ResourceID;

/** Who wants readings, and what for: a topology ({@code namespace/name}) and a purpose ("autoscaling", "retiring"). */
public record Watcher(String owner, String purpose) {

    public static Watcher of(ResourceID topology, String purpose) {
        return new Watcher(owner(topology), purpose);
    }

    static String owner(ResourceID topology) {
        return topology.getNamespace().orElse("") + "/" + topology.getName();
    }

    /** The topology that wants the readings. */
    public ResourceID topology() {
        int slash = owner.indexOf('/');
        return new ResourceID(owner.substring(slash + 1), owner.substring(0, slash));
    }
}
