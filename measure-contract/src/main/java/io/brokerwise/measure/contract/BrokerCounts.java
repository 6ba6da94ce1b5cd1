package io.brokerwise.measure.contract;

/** What one broker's metrics say it received and dispatched on the topic during a run. */
public record BrokerCounts(long received, long dispatched) {
}
