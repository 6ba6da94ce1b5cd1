package io.brokerwise.operator.monitor;

import io.brokerwise.broker.metrics.BrokerSample;
import java.time.Instant;

/**
 * A broker's metrics as one read returned them, and when that read was sent: the broker counted them at {@code at}
 * or later, so a reading is never older than it says.
 */
public record BrokerReading(Instant at, BrokerSample sample) {
}
