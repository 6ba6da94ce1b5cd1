package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;

/** What one broker's metrics say it received and dispatched on the topic during a run. */
public record BrokerCounts(long received, long dispatched) {

    static BrokerCounts between(BrokerSample before, BrokerSample after) {
        return new BrokerCounts(after.received() - before.received(), after.dispatched() - before.dispatched());
    }
}
