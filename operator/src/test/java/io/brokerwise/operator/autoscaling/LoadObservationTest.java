package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.routing.RoutingMap;
import java.time.Duration;
import java.time.Instant;
import io.brokerwise.operator.monitor.BrokerReading;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Hand-built readings of PSR, SSR and grid layouts: each layout's fan-out undone. */
class LoadObservationTest {

    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final Instant T1 = T0.plusSeconds(60);
    static final double CORES = 0.5;

    /** Cell (row, column)'s address, row-major as in the routing map. */
    static RoutingMap layout(int k, int l) {
        return RoutingMap.forLocalPorts("orders", k, l,
                java.util.stream.IntStream.range(0, k * l).mapToObj(i -> 10_000 + i).toList());
    }

    static BrokerSample sample(long received, long dispatched, int producers, int subscriptions, double cpuSeconds) {
        return new BrokerSample(received, dispatched, producers, subscriptions, subscriptions, cpuSeconds, CORES, 0,
                BrokerSample.Held.NOTHING, Double.NaN, Map.of());
    }

    /** Readings where each cell counted {@code received[r]} messages and {@code copies[c]} copies per message. */
    static CounterReading[] readings(RoutingMap map, int[] publishers, long[] received, int[] subscriptions,
                                     double[] copies) {
        Map<String, BrokerSample> before = new HashMap<>();
        Map<String, BrokerSample> after = new HashMap<>();
        for (int r = 0; r < map.publisherGroups(); r++) {
            for (int c = 0; c < map.subscriberGroups(); c++) {
                String b = map.broker(r, c);
                // counters that ran before the window, to check that only the window counts
                before.put(b, sample(5_000, 7_000, publishers[r], subscriptions[c], 100));
                after.put(b, sample(5_000 + received[r], 7_000 + Math.round(received[r] * copies[c]), publishers[r],
                        subscriptions[c], 100 + 6 * (r + c)));
            }
        }
        return new CounterReading[] {CounterReading.at(T0, before), CounterReading.at(T1, after)};
    }

    static ObservedLoad observe(RoutingMap map, CounterReading[] readings) throws IncompleteObservation {
        return LoadObservation.between(map, readings[0], readings[1]);
    }

    @Test
    void psrSumsItsRowsAndCountsEachSubscriberOnce() throws Exception {
        RoutingMap psr = layout(3, 1);
        ObservedLoad o = observe(psr, readings(psr, new int[] {10, 20, 30}, new long[] {600, 1200, 1800},
                new int[] {8}, new double[] {2}));
        assertEquals(60, o.publishers());
        assertEquals(60.0, o.offeredRate(), 1e-9, "3,600 messages in 60 s");
        assertEquals(8, o.subscribers(), "every subscriber is registered at all three brokers, and counts once");
        assertEquals(2.0, o.meanReplicationGrade(), 1e-9);
        assertEquals(Duration.ofSeconds(60), o.window());
        assertEquals(T1, o.at());
    }

    @Test
    void ssrCountsEachMessageOnceAndSumsItsColumns() throws Exception {
        RoutingMap ssr = layout(1, 3);
        ObservedLoad o = observe(ssr, readings(ssr, new int[] {12}, new long[] {3600}, new int[] {2, 3, 5},
                new double[] {0.5, 1.0, 1.5}));
        assertEquals(12, o.publishers(), "every publisher is connected to all three brokers, and counts once");
        assertEquals(60.0, o.offeredRate(), 1e-9, "each broker received every message; the rate is one broker's");
        assertEquals(10, o.subscribers());
        assertEquals(3.0, o.meanReplicationGrade(), 1e-9, "a message makes 0.5 + 1 + 1.5 copies over the columns");
    }

    @Test
    void aGridUndoesBothFanOuts() throws Exception {
        RoutingMap grid = layout(2, 3);
        ObservedLoad o = observe(grid, readings(grid, new int[] {4, 6}, new long[] {1000, 2000}, new int[] {1, 2, 3},
                new double[] {0.2, 0.4, 0.6}));
        assertEquals(10, o.publishers());
        assertEquals(50.0, o.offeredRate(), 1e-9);
        assertEquals(6, o.subscribers());
        assertEquals(1.2, o.meanReplicationGrade(), 1e-9);
        assertEquals(18.0 / (60 * CORES), o.busiestCpuUtilization(), 1e-9, "cell (1, 2) used 18 CPU seconds");
    }

    @Test
    void aBrokerThatRestartedInTheWindowIsLeftOut() throws Exception {
        RoutingMap grid = layout(2, 3);
        CounterReading[] readings = readings(grid, new int[] {4, 6}, new long[] {1000, 2000}, new int[] {1, 2, 3},
                new double[] {0.2, 0.4, 0.6});
        Map<String, BrokerReading> after = new HashMap<>(readings[1].brokers());
        after.put(grid.broker(0, 1), new BrokerReading(T1, sample(40, 16, 4, 2, 1))); // counters from zero again
        ObservedLoad o = observe(grid, new CounterReading[] {readings[0], new CounterReading(after)});
        assertEquals(50.0, o.offeredRate(), 1e-9);
        assertEquals(1.2, o.meanReplicationGrade(), 1e-9);
        assertEquals(10, o.publishers());
    }

    /** The scraper reads brokers apart: each one's rate is over its own two readings. */
    @Test
    void eachBrokersRateIsOverItsOwnReadings() throws Exception {
        RoutingMap psr = layout(2, 1);
        CounterReading[] readings = readings(psr, new int[] {5, 5}, new long[] {100, 300}, new int[] {3},
                new double[] {1});
        Map<String, BrokerReading> after = new HashMap<>(readings[1].brokers());
        // row 1's broker was read again later, having received for longer at the same rate
        BrokerSample first = readings[0].brokers().get(psr.broker(1, 0)).sample();
        BrokerSample second = after.get(psr.broker(1, 0)).sample();
        Duration window = Duration.between(T0, T1);
        after.put(psr.broker(1, 0), new BrokerReading(T0.plus(window.multipliedBy(2)), sample(
                first.received() + 2 * (second.received() - first.received()),
                first.dispatched() + 2 * (second.dispatched() - first.dispatched()),
                second.producerConnections(), second.subscriptions(), second.cpuSeconds())));
        ObservedLoad same = observe(psr, readings);
        ObservedLoad apart = observe(psr, new CounterReading[] {readings[0], new CounterReading(after)});
        assertEquals(same.offeredRate(), apart.offeredRate(), 1e-9);
        assertEquals(window.multipliedBy(2), apart.window());
    }

    @Test
    void aRowNoBrokerAnsweredCannotBeObserved() {
        RoutingMap psr = layout(2, 1);
        CounterReading[] readings = readings(psr, new int[] {5, 5}, new long[] {100, 100}, new int[] {3},
                new double[] {1});
        Map<String, BrokerReading> after = new HashMap<>(readings[1].brokers());
        after.remove(psr.broker(1, 0));
        var e = assertThrows(IncompleteObservation.class,
                () -> LoadObservation.between(psr, readings[0], new CounterReading(after)));
        assertTrue(e.getMessage().startsWith("row 1:"), e.getMessage());
        assertTrue(e.getMessage().contains(psr.broker(1, 0)), e.getMessage());
    }

    @Test
    void noTrafficIsAnIdleWorkloadNotAnError() throws Exception {
        RoutingMap psr = layout(2, 1);
        ObservedLoad o = observe(psr, readings(psr, new int[] {0, 0}, new long[] {0, 0}, new int[] {0},
                new double[] {0}));
        assertEquals(List.of(0L, 0.0, 0L, 0.0),
                List.of(o.publishers(), o.offeredRate(), o.subscribers(), o.meanReplicationGrade()));
    }
}
