package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.monitor.BrokerReading;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The last reading of each broker of a routing map, by its routing-map address ({@code host:port}). A broker that
 * has not answered is absent. The brokers are read apart, so each reading keeps its own time.
 */
public record CounterReading(Map<String, BrokerReading> brokers) {

    public CounterReading {
        brokers = Map.copyOf(brokers);
    }

    /** Samples all taken at {@code at}. */
    public static CounterReading at(Instant at, Map<String, BrokerSample> samples) {
        Map<String, BrokerReading> readings = new HashMap<>();
        samples.forEach((broker, sample) -> readings.put(broker, new BrokerReading(at, sample)));
        return new CounterReading(readings);
    }

    /** The newest of the readings; empty when no broker answered. */
    public Optional<Instant> newest() {
        return brokers.values().stream().map(BrokerReading::at).max(Instant::compareTo);
    }

    public Optional<BrokerSample> sample(String broker) {
        return Optional.ofNullable(brokers.get(broker)).map(BrokerReading::sample);
    }

    /** Whether any broker has been read since {@code earlier}. */
    public boolean newerThan(CounterReading earlier) {
        return brokers.entrySet().stream().anyMatch(e -> earlier.brokers().get(e.getKey()) == null
                || e.getValue().at().isAfter(earlier.brokers().get(e.getKey()).at()));
    }
}
