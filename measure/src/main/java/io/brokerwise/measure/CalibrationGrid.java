package io.brokerwise.measure;

import java.util.ArrayList;
import java.util.List;

/**
 * The measurement series of Henjes, sec. 4.2.2.1, on one broker: every replication grade r with every number
 * of additional non-matching filters m_add, r-major, so consecutive points differ in m_add only. Every
 * {@code holdoutEvery}-th point (points 2, 2 + n, 2 + 2n, ... counted from 1; 0 = none) is held out of the fit
 * to check it, spread over the grid. {@code brokerwise-bench calibrate} and a BenchmarkRun of mode Calibrate
 * both measure it.
 */
public record CalibrationGrid(List<Integer> replicationGrades, List<Integer> additionalFilters, int holdoutEvery) {

    public CalibrationGrid {
        replicationGrades = List.copyOf(replicationGrades);
        additionalFilters = List.copyOf(additionalFilters);
        if (replicationGrades.isEmpty() || additionalFilters.isEmpty()) {
            throw new IllegalArgumentException("a calibration needs at least one r and one m_add");
        }
        if (holdoutEvery == 1 || holdoutEvery < 0) {
            throw new IllegalArgumentException("hold out every n-th point: n is 0 (none) or at least 2");
        }
    }

    /** The subscribers of each point, in the order they are measured. */
    public List<SelectorDesign> designs() {
        List<SelectorDesign> out = new ArrayList<>();
        for (int r : replicationGrades) {
            for (int m : additionalFilters) {
                out.add(SelectorDesign.calibration(r, m));
            }
        }
        return out;
    }

    /** Whether point {@code i} (0-based) checks the fit instead of entering it. */
    public boolean heldOut(int i) {
        return holdoutEvery > 0 && i % holdoutEvery == 1 % holdoutEvery;
    }

    /** The series' points from one result per design, in order. */
    public List<CalibrationPoint> points(List<LoadResult> results) {
        List<SelectorDesign> designs = designs();
        if (results.size() != designs.size()) {
            throw new IllegalArgumentException(results.size() + " results for a series of " + designs.size() + " points");
        }
        List<CalibrationPoint> points = new ArrayList<>();
        for (int i = 0; i < designs.size(); i++) {
            SelectorDesign d = designs.get(i);
            LoadResult result = results.get(i);
            points.add(new CalibrationPoint(d.r(), d.mAdd(), d.components(), result.receivedPerSecond(),
                    result.valid(), heldOut(i), result));
        }
        return points;
    }
}
