package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Readings over real HTTP from endpoints that serve the brokers' meters in the Prometheus text format. */
class BrokerReadingsTest {

    static final BrokerCredentials METRICS_USER = BrokerCredentials.generate(BrokerRole.METRICS);

    final List<BrokerMetricsServer> servers = new ArrayList<>();

    @AfterEach
    void stop() {
        servers.forEach(BrokerMetricsServer::close);
    }

    /** An endpoint serving a broker with these gauges whose received counter is whatever {@code received} holds. */
    String serve(AtomicLong received, double copiesPerMessage, int producers, int subscriptions) throws IOException {
        BrokerMetricsServer server = BrokerMetricsServer.serving(() -> new BrokerMetricsServer.Meters(received.get(),
                Math.round(received.get() * copiesPerMessage), producers, subscriptions));
        servers.add(server);
        return server.address();
    }

    @Test
    void theMetricsEndpointIsTheBrokersHostOnTheMetricsPort() {
        assertEquals("t-broker-3.t-brokers.ns.svc:9404", BrokerReadings.metricsAddress("t-broker-3.t-brokers.ns.svc:61616"));
    }

    @Test
    void twoReadingsOfAnSsrLayoutGiveItsWorkload() throws Exception {
        RoutingMap ssr = RoutingMap.of("orders", 1, 2, List.of("b0:61616", "b1:61616"));
        AtomicLong received = new AtomicLong(1_000);
        Map<String, String> endpoints = new HashMap<>();
        endpoints.put("b0:61616", serve(received, 1.0, 7, 3));
        endpoints.put("b1:61616", serve(received, 0.5, 7, 4));
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");

        CounterReading earlier = BrokerReadings.take(ssr, endpoints::get, METRICS_USER, Clock.fixed(t0, ZoneOffset.UTC));
        received.addAndGet(6_000);
        CounterReading later = BrokerReadings.take(ssr, endpoints::get, METRICS_USER, Clock.fixed(t0.plusSeconds(60), ZoneOffset.UTC));
        ObservedLoad o = LoadObservation.between(ssr, earlier, later);

        assertEquals(7, o.publishers());
        assertEquals(100.0, o.offeredRate(), 1e-9);
        assertEquals(7, o.subscribers());
        assertEquals(1.5, o.meanReplicationGrade(), 1e-3);
        assertEquals(Set.of(METRICS_USER.user() + ":" + METRICS_USER.password()), servers.get(0).readers(),
                "read as the metrics user");
    }

    @Test
    void aBrokerThatDoesNotAnswerIsLeftOut() throws Exception {
        RoutingMap psr = RoutingMap.of("orders", 2, 1, List.of("b0:61616", "b1:61616"));
        Map<String, String> endpoints = Map.of("b0:61616", serve(new AtomicLong(5), 1, 1, 1),
                "b1:61616", "127.0.0.1:1");
        CounterReading reading = BrokerReadings.take(psr, endpoints::get, METRICS_USER, Clock.systemUTC());
        assertEquals(Set.of("b0:61616"), reading.brokers().keySet());
    }
}
