package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import java.time.Instant;
import java.util.Map;

/**
 * One reading of the brokers' metrics: each broker's sample by its routing-map address ({@code host:port}), and
 * when it was taken. A broker that did not answer is absent.
 */
public record CounterReading(Instant at, Map<String, BrokerSample> brokers) {

    public CounterReading {
        brokers = Map.copyOf(brokers);
    }
}
