package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;

/**
 * How a change that needs the brokers restarted (image, resources, JVM options, broker configuration, TLS) reaches
 * them: cell by cell, each cell's clients moved to a new broker before the old one goes (docs/architecture.md,
 * Changes that restart brokers, without loss).
 */
public class RolloutSpec {

    @Default("false")
    @JsonPropertyDescription("Whether a cell may restart its broker in place when no dedicated node has room for the "
            + "new broker a step starts first. A restart leaves the cell without a broker until it is back: its "
            + "non-durable subscribers lose what is published meanwhile. Default: false, the rollout waits for room "
            + "(condition RollingOut, reason NoRoomForNewBroker).")
    public Boolean allowRestart;

    /** Whether a cell may restart in place when no new broker fits. */
    public boolean restartAllowed() {
        return Boolean.TRUE.equals(allowRestart);
    }
}
