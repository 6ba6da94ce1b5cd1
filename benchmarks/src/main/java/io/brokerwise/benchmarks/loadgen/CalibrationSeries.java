package io.brokerwise.benchmarks.loadgen;

import io.brokerwise.measure.LoadResult;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.measure.LoadSpec;
import io.brokerwise.measure.SelectorDesign;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Runs the measurement series of sec. 4.2.2.1 on one local broker kept running from the first point to
 * the last (and one load-generator JVM): a new JVM per point would spend most of each point compiling.
 * The first point gets a longer warm-up. Every {@code holdoutEvery}-th point is held out of the fit.
 */
final class CalibrationSeries {

    private final Function<SelectorDesign, LoadSpec> pointSpec;
    private final List<int[]> grid;
    private final int holdoutEvery;
    private final java.time.Duration firstWarmup;

    /**
     * @param pointSpec    the measurement of one point, given its subscriber design
     * @param grid         (r, mAdd) pairs, measured in this order
     * @param holdoutEvery hold out points 2, 2 + n, 2 + 2n, ... (1-based; 0 = none), spread over the grid
     */
    CalibrationSeries(Function<SelectorDesign, LoadSpec> pointSpec, List<int[]> grid, int holdoutEvery,
                      java.time.Duration firstWarmup) {
        this.pointSpec = pointSpec;
        this.grid = List.copyOf(grid);
        this.holdoutEvery = holdoutEvery;
        this.firstWarmup = firstWarmup;
    }

    /** Measures the grid on the fleet's first broker. */
    List<CalibrationPoint> run(LocalFleet fleet, PrintStream progress) throws Exception {
        List<CalibrationPoint> points = new ArrayList<>();
        for (int i = 0; i < grid.size(); i++) {
            SelectorDesign design = design(grid.get(i));
            LoadSpec spec = pointSpec.apply(design);
            if (i == 0) {
                spec = spec.warmingUpFor(firstWarmup);
            }
            progress.printf("loadgen: point %d/%d: r = %d, m_add = %d%n", i + 1, grid.size(), design.r(),
                    design.mAdd());
            LoadResult result = fleet.measure(spec, new Layout(1, 1));
            boolean heldOut = holdoutEvery > 0 && i % holdoutEvery == 1 % holdoutEvery;
            points.add(new CalibrationPoint(design.r(), design.mAdd(), design.components(),
                    result.receivedPerSecond(), result.valid(), heldOut, result));
        }
        return points;
    }

    private SelectorDesign design(int[] rm) {
        return SelectorDesign.calibration(rm[0], rm[1]);
    }
}
