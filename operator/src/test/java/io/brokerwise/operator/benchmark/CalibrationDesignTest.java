package io.brokerwise.operator.benchmark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkClients;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.BrokerSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.measure.contract.LoadSpec;
import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A Calibrate run's series as the benchmark Job measures it. */
class CalibrationDesignTest {

    @Test
    void everyPointOfTheSeriesSaturatesTheTemporaryBrokerFirstOneWarmedLonger() {
        BenchmarkDesign design = CalibrationDesign.of(run(WorkloadSpec.DeliveryMode.Persistent), 1_000_000L);
        List<LoadSpec> points = design.plan().points();
        assertEquals(6, points.size(), "2 replication grades x 3 numbers of filters");
        assertEquals(List.of("1+5", "1+20", "1+80", "2+5", "2+20", "2+80"),
                points.stream().map(p -> p.design().r() + "+" + p.design().mAdd()).toList());
        for (LoadSpec p : points) {
            assertEquals(LoadSpec.Mode.saturate, p.mode());
            assertEquals(3, p.publishers());
            assertTrue(p.persistent());
            assertTrue(p.durableSubscriptions(), "the temporary broker journals what it holds for durable subscriptions");
            assertEquals(Duration.ofSeconds(10), p.measure(), "duration 20s less warm-up and cool-down of 5s");
            assertEquals(CalibrationSpec.DEFAULT_MESSAGE_BYTES, p.messageBytes());
        }
        assertEquals(CalibrationDesign.FIRST_WARMUP, points.get(0).warmup(), "the broker's JVM starts cold");
        assertEquals(Duration.ofSeconds(5), points.get(1).warmup());
        assertEquals("1x1", design.layout().publisherGroups() + "x" + design.layout().subscriberGroups());
        assertEquals(1, design.plan().clients());
        assertTrue(design.plan().startEpochMillis() > 1_000_000L, "the client pod gets time to start");
    }

    @Test
    void aSizeSeriesMeasuresEverySizeAtEachPoint() {
        BenchmarkRun run = run(WorkloadSpec.DeliveryMode.NonPersistent);
        run.getSpec().calibration.messageSizes = List.of(128, 65_536);
        List<LoadSpec> points = CalibrationDesign.of(run, 0).plan().points();
        assertEquals(12, points.size(), "2 replication grades x 3 numbers of filters x 2 sizes");
        assertEquals(List.of(128, 65_536, 128), points.subList(0, 3).stream().map(LoadSpec::messageBytes).toList());
        assertEquals(List.of(5, 5, 20), points.subList(0, 3).stream().map(p -> p.design().mAdd()).toList());
        assertTrue(points.stream().noneMatch(LoadSpec::durableSubscriptions), "nothing to journal");
    }

    /** Filters of several lengths: every length at each (r, m_add), of the shape asked for, all of them evaluated. */
    @Test
    void complexFilterPointsMeasureEveryLengthAtEachPoint() {
        BenchmarkRun run = run(WorkloadSpec.DeliveryMode.NonPersistent);
        run.getSpec().calibration.filterComponents = List.of(1, 8);
        run.getSpec().calibration.filterShape = CalibrationSpec.FilterShape.And;
        List<LoadSpec> points = CalibrationDesign.of(run, 0).plan().points();
        assertEquals(12, points.size(), "2 replication grades x 3 numbers of filters x 2 lengths");
        assertEquals(List.of("1+5x1 simple", "1+5x8 and", "1+20x1 simple"), points.subList(0, 3).stream()
                .map(p -> p.design().r() + "+" + p.design().mAdd() + "x" + p.design().components() + " "
                        + p.design().shape()).toList());
        assertEquals(8, points.get(1).design().selectors().get(0).split(" AND ").length, "8 comparisons");
        run.getSpec().calibration.filterComponents = List.of(0);
        assertThrows(IllegalArgumentException.class, () -> CalibrationDesign.of(run, 0), "refused before any Job");
    }

    static BenchmarkRun run(WorkloadSpec.DeliveryMode mode) {
        BenchmarkRun run = new BenchmarkRun();
        run.setMetadata(new ObjectMetaBuilder().withName("cal").withNamespace("team").build());
        BenchmarkRunSpec spec = new BenchmarkRunSpec();
        spec.mode = BenchmarkRunSpec.Mode.Calibrate;
        spec.duration = "20s";
        spec.warmup = "5s";
        spec.clients = new BenchmarkClients();
        spec.calibration = new CalibrationSpec();
        spec.calibration.profileName = "p";
        spec.calibration.replicationGrades = List.of(1, 2);
        spec.calibration.additionalFilters = List.of(5, 20, 80);
        spec.calibration.holdoutEvery = 4;
        spec.calibration.publishers = 3;
        spec.calibration.deliveryMode = mode;
        spec.calibration.broker = new BrokerSpec();
        run.setSpec(spec);
        return run;
    }
}
