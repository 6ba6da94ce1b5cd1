package io.brokerwise.benchmarks.measurement;

import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import java.time.Duration;

/**
 * The publishers every local measurement starts, as {@code --publishers} and {@code --delivery-mode} set them, and
 * whether its subscriptions are durable ({@code --durable-subscriptions}):
 * {@code publishersPerRow} on each row of the layout, so each broker takes as many producers whatever the layout.
 * Calibrate, verify and baseline build their loads from it; {@code run} maps its own options onto a
 * {@link LoadSpec} and starts from the same bounds.
 */
public record LocalLoad(int publishersPerRow, boolean persistent, boolean durableSubscriptions) {

    /** Durable subscriptions need a broker with a journal; persistent messages want one. */
    public boolean journal() {
        return persistent || durableSubscriptions;
    }

    /** A bound on every publisher loop besides the phases' end; never reached by a run of minutes. */
    public static final long MAX_MESSAGES_PER_PUBLISHER = 100_000_000;
    /** Poisson arrivals are drawn from this seed (plus the publisher's index), so runs repeat their schedule. */
    public static final long SEED = 1;

    /** As fast as flow control allows, on {@code rows} rows of publishers. */
    public LoadSpec saturated(int rows, SelectorDesign design, int messageBytes, Duration warmup, Duration measure,
                              Duration cooldown) {
        return new LoadSpec(rows * publishersPerRow, LoadSpec.Mode.saturate, 0, persistent, durableSubscriptions, design,
                messageBytes, warmup, measure, cooldown, MAX_MESSAGES_PER_PUBLISHER, SEED);
    }
}
