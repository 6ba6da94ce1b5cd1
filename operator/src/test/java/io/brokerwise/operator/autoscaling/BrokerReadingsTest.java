package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerRole;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.BrokerScraper;
import io.brokerwise.operator.monitor.MetricsEndpoints;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
import io.brokerwise.routing.RoutingMap;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Readings by the scraper over real HTTP, from endpoints that serve the brokers' meters in the Prometheus text format.
 */
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
        assertEquals("t-broker-3.t-brokers.ns.svc:9404", new MetricsEndpoints().of("t-broker-3.t-brokers.ns.svc:61616"));
    }

    /** The scraper, reading inline on this thread, at the times of this clock. */
    final AtomicReference<Instant> now = new AtomicReference<>(Instant.parse("2026-01-01T00:00:00Z"));
    final BrokerScraper scraper = new BrokerScraper(BrokerScrape::of, new Clock() {
        @Override
        public ZoneOffset getZone() {
            return ZoneOffset.UTC;
        }

        @Override
        public Clock withZone(java.time.ZoneId zone) {
            return this;
        }

        @Override
        public Instant instant() {
            return now.get();
        }
    }, Runnable::run, 4, watcher -> { });

    CounterReading read(RoutingMap map, Map<String, String> endpoints) {
        List<ScrapeTarget> targets = map.brokers().stream()
                .map(b -> new ScrapeTarget(b, endpoints.get(b), METRICS_USER)).toList();
        scraper.watch(new Watcher(new ResourceID("t", "ns"), "autoscaling"), targets, Duration.ofSeconds(60));
        scraper.scrapeDue();
        Map<String, BrokerReading> last = new HashMap<>();
        targets.forEach(t -> scraper.last(t).ifPresent(r -> last.put(t.broker(), r)));
        return new CounterReading(last);
    }

    @Test
    void twoReadingsOfAnSsrLayoutGiveItsWorkload() throws Exception {
        RoutingMap ssr = RoutingMap.of("orders", 1, 2, List.of("b0:61616", "b1:61616"));
        AtomicLong received = new AtomicLong(1_000);
        Map<String, String> endpoints = new HashMap<>();
        endpoints.put("b0:61616", serve(received, 1.0, 7, 3));
        endpoints.put("b1:61616", serve(received, 0.5, 7, 4));

        CounterReading earlier = read(ssr, endpoints);
        received.addAndGet(6_000);
        now.set(now.get().plusSeconds(60));
        CounterReading later = read(ssr, endpoints);
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
        CounterReading reading = read(psr, endpoints);
        assertEquals(Set.of("b0:61616"), reading.brokers().keySet());
        assertEquals(1, scraper.failing());
    }
}
