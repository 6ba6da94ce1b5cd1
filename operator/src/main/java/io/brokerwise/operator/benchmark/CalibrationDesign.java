package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.measure.contract.CalibrationGrid;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.Durations;
import io.brokerwise.model.topology.Layout;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a Calibrate run measures: the series of {@code spec.calibration} ({@link CalibrationGrid}, the one
 * {@code brokerwise-bench calibrate} measures too), one saturated point per (r, m_add, filter components, message
 * size) on the temporary broker, each lasting {@code duration} as in every BenchmarkRun. The broker's JVM starts
 * cold, so the first point warms up for at least {@link #FIRST_WARMUP}. Nothing is predicted: the points are what
 * the profile is fitted to. Pure.
 */
final class CalibrationDesign {

    static final Duration FIRST_WARMUP = Duration.ofSeconds(30);

    private CalibrationDesign() {
    }

    static CalibrationGrid grid(CalibrationSpec calibration) {
        return new CalibrationGrid(calibration.replicationGrades, calibration.additionalFilters,
                calibration.filterComponents, SelectorDesign.Shape.valueOf(calibration.filterShape.name()
                .toLowerCase(Locale.ROOT)), calibration.messageSizes, calibration.holdoutEvery);
    }

    static BenchmarkDesign of(BenchmarkRun run, long nowMillis) {
        BenchmarkRunSpec spec = run.getSpec();
        CalibrationSpec c = spec.calibration;
        Duration warmup = Durations.parse(spec.warmup);
        Duration window = Durations.parse(spec.duration).minus(warmup).minus(warmup);
        boolean persistent = c.deliveryMode == WorkloadSpec.DeliveryMode.Persistent;
        List<LoadSpec> points = new ArrayList<>();
        for (CalibrationGrid.Point point : grid(c).series()) {
            // A persistent profile measures a broker writing its journal, which it does only for durable subscriptions.
            points.add(new LoadSpec(c.publishers, LoadSpec.Mode.saturate, 0, persistent, persistent, point.design(),
                    point.messageBytes(), warmup, window, warmup, Long.MAX_VALUE, 1));
        }
        if (warmup.compareTo(FIRST_WARMUP) < 0) {
            points.set(0, points.get(0).warmingUpFor(FIRST_WARMUP));
        }
        return new BenchmarkDesign(BenchmarkDesign.plan(spec, points, nowMillis), new Layout(1, 1), List.of());
    }
}
