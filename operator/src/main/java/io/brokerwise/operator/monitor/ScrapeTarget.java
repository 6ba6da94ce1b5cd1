package io.brokerwise.operator.monitor;

import io.brokerwise.broker.BrokerCredentials;

/**
 * One broker's metrics endpoint, read as a user: {@code broker} is its routing-map address ({@code host:port}), which
 * names it in readings; {@code endpoint} is where its metrics are served.
 */
public record ScrapeTarget(String broker, String endpoint, BrokerCredentials user) {
}
