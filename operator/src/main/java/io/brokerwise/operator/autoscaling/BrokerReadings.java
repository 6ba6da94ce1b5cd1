package io.brokerwise.operator.autoscaling;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Reads every broker of a routing map through its metrics endpoint ({@link BrokerScrape}, as the benchmarks do). A
 * broker that does not answer is left out of the reading, and {@link LoadObservation} decides whether the rest still
 * covers the layout. Brokers are read one after the other: each read is bounded by the scrape's timeouts, and counts
 * taken milliseconds apart matter little against a window of seconds.
 */
public final class BrokerReadings {

    private BrokerReadings() {
    }

    /** The metrics endpoint of a broker the routing map names as {@code host:port}: the same host, the metrics port. */
    public static String metricsAddress(String brokerAddress) {
        return brokerAddress.substring(0, brokerAddress.lastIndexOf(':') + 1) + BrokerConfiguration.METRICS_PORT;
    }

    /** Reads the brokers as {@code user}, the topology's metrics user. */
    public static CounterReading take(RoutingMap layout, UnaryOperator<String> metricsAddress, BrokerCredentials user,
                                      Clock clock) throws InterruptedException {
        Map<String, BrokerSample> samples = new HashMap<>();
        for (String broker : layout.brokers()) {
            try {
                samples.put(broker, BrokerScrape.of(metricsAddress.apply(broker), user));
            } catch (IOException e) {
                // unreachable, not a Brokerwise broker, or the metrics user refused (its password changed by hand
                // without a previous one, the broker not yet given the new one): the observation says which row or
                // column lacks it
            }
        }
        return new CounterReading(clock.instant(), samples);
    }
}
