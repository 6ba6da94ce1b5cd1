package io.brokerwise.operator.monitor;

import io.brokerwise.broker.BrokerConfiguration;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Where the operator reads a broker's metrics, from the broker's routing-map address: the same host, the metrics
 * port. A bean of its own so that the tests on a bare API server, where pod names do not resolve, can point it at
 * endpoints they serve.
 */
@ApplicationScoped
public class MetricsEndpoints {

    public String of(String brokerAddress) {
        return brokerAddress.substring(0, brokerAddress.lastIndexOf(':') + 1) + BrokerConfiguration.METRICS_PORT;
    }
}
