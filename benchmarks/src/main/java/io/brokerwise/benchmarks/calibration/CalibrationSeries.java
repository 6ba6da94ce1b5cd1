package io.brokerwise.benchmarks.calibration;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.measure.contract.CalibrationGrid;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Runs the measurement series of sec. 4.2.2.1 on one local broker kept running from the first point to
 * the last (and one load-generator JVM): a new JVM per point would spend most of each point compiling.
 * The first point gets a longer warm-up. The grid and which points are held out are {@link CalibrationGrid}'s.
 */
public final class CalibrationSeries {

    private final Function<CalibrationGrid.Point, LoadSpec> pointSpec;
    private final CalibrationGrid grid;
    private final Duration firstWarmup;

    /** @param pointSpec the load of one point, given its subscribers and message size */
    public CalibrationSeries(Function<CalibrationGrid.Point, LoadSpec> pointSpec, CalibrationGrid grid,
                             Duration firstWarmup) {
        this.pointSpec = pointSpec;
        this.grid = grid;
        this.firstWarmup = firstWarmup;
    }

    /** Measures the grid on the fleet's first broker. */
    public List<CalibrationPoint> run(LocalFleet fleet, PrintStream progress) throws Exception {
        List<CalibrationGrid.Point> series = grid.series();
        List<LoadResult> results = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            SelectorDesign design = series.get(i).design();
            LoadSpec spec = pointSpec.apply(series.get(i));
            if (i == 0) {
                spec = spec.warmingUpFor(firstWarmup);
            }
            int topics = series.get(i).topics();
            progress.printf("loadgen: point %d/%d: r = %d, m_add = %d, %d-component %s filters, %d bytes%s%n", i + 1,
                    series.size(), design.r(), design.mAdd(), design.components(), design.shape(), spec.messageBytes(),
                    topics == 1 ? "" : ", over " + topics + " topics");
            results.add(fleet.measure(spec, new Layout(1, 1), topics));
        }
        return grid.points(results);
    }
}
