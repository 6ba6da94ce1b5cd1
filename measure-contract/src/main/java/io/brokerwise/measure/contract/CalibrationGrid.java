package io.brokerwise.measure.contract;

import java.util.ArrayList;
import java.util.List;

/**
 * The measurement series of Henjes, sec. 4.2.2.1, on one broker: every replication grade r with every number
 * of additional non-matching filters m_add, r-major, so consecutive points differ in m_add only; with filters of
 * several lengths, every length at each (r, m_add), so the fit can tell a cost per component (eq. 4.12) from one
 * per filter; with several message sizes, every size at each of those, innermost, so that drift over the series
 * spreads over the sizes instead of following them. A size series at two or more r lets the fit tell the per-byte
 * times on receipt and per dispatched copy apart (Mupparaju, "Performance Evaluation and Comparison of Distributed
 * Messaging Using Message Oriented Middleware", ch. 5, measured throughput falling steadily with message size).
 * A topics series (Henjes sec. 3.2.4) measures the same load spread over more topics: at the first m_add and the
 * first two r (the dissertation's two replication grades), one point per topic count, after the grid; each
 * subscriber registers its selector on every topic, and each publisher sends to the topics in turn, so a message
 * meets as many filters and subscribers as at one topic. Every {@code holdoutEvery}-th point (points 2, 2 + n, 2 + 2n, ... counted from 1; 0 = none) is held out of the
 * fit to check it, spread over the grid. {@code brokerwise-bench calibrate} and a BenchmarkRun of mode Calibrate
 * both measure it.
 *
 * @param filterComponents components of every filter at a point: 1 a simple selector, more a filter of
 *                         {@code filterShape} whose deciding comparison comes last ({@link SelectorDesign})
 * @param filterShape      how the components of the longer filters combine: or, and or in
 * @param topics           the topic counts of the topics series, each at least 2; empty: none
 */
public record CalibrationGrid(List<Integer> replicationGrades, List<Integer> additionalFilters,
                              List<Integer> filterComponents, SelectorDesign.Shape filterShape,
                              List<Integer> messageSizes, int holdoutEvery, List<Integer> topics) {

    /** One point of the series: its subscribers, the bytes of its messages' body, and the topics they go to. */
    public record Point(SelectorDesign design, int messageBytes, int topics) {
    }

    public CalibrationGrid {
        replicationGrades = List.copyOf(replicationGrades);
        additionalFilters = List.copyOf(additionalFilters);
        filterComponents = List.copyOf(filterComponents);
        messageSizes = List.copyOf(messageSizes);
        topics = List.copyOf(topics);
        if (topics.stream().anyMatch(t -> t < 2)) {
            throw new IllegalArgumentException("a topics series spreads the load over at least 2 topics, got " + topics);
        }
        if (replicationGrades.isEmpty() || additionalFilters.isEmpty() || filterComponents.isEmpty()
                || messageSizes.isEmpty()) {
            throw new IllegalArgumentException("a calibration needs at least one r, one m_add, one number of filter "
                    + "components and one message size");
        }
        if (filterComponents.stream().anyMatch(n -> n < 1)) {
            throw new IllegalArgumentException("a filter has at least 1 component, got " + filterComponents);
        }
        if (filterShape == SelectorDesign.Shape.simple || filterShape == SelectorDesign.Shape.none) {
            throw new IllegalArgumentException("filters of several components combine them by or, and or in, not "
                    + filterShape);
        }
        if (messageSizes.stream().anyMatch(b -> b < 0)) {
            throw new IllegalArgumentException("a message size is a number of bytes >= 0, got " + messageSizes);
        }
        if (holdoutEvery == 1 || holdoutEvery < 0) {
            throw new IllegalArgumentException("hold out every n-th point: n is 0 (none) or at least 2");
        }
    }

    /** A grid without a topics series. */
    public CalibrationGrid(List<Integer> replicationGrades, List<Integer> additionalFilters,
                           List<Integer> filterComponents, SelectorDesign.Shape filterShape, List<Integer> messageSizes,
                           int holdoutEvery) {
        this(replicationGrades, additionalFilters, filterComponents, filterShape, messageSizes, holdoutEvery, List.of());
    }

    /** A series of simple filters only. */
    public CalibrationGrid(List<Integer> replicationGrades, List<Integer> additionalFilters, List<Integer> messageSizes,
                           int holdoutEvery) {
        this(replicationGrades, additionalFilters, List.of(1), SelectorDesign.Shape.or, messageSizes, holdoutEvery);
    }

    /** Each point's subscribers and message size, in the order they are measured. */
    public List<Point> series() {
        List<Point> out = new ArrayList<>();
        for (int r : replicationGrades) {
            for (int m : additionalFilters) {
                for (int components : filterComponents) {
                    for (int bytes : messageSizes) {
                        out.add(new Point(SelectorDesign.calibration(r, m, filterShape, components), bytes, 1));
                    }
                }
            }
        }
        for (int r : replicationGrades.subList(0, Math.min(2, replicationGrades.size()))) {
            for (int t : topics) {
                out.add(new Point(SelectorDesign.calibration(r, additionalFilters.get(0), filterShape, 1),
                        messageSizes.get(0), t));
            }
        }
        return out;
    }

    /** The most topics a point spreads its load over: what the brokers must declare. */
    public int mostTopics() {
        return topics.stream().mapToInt(Integer::intValue).max().orElse(1);
    }

    /** Whether point {@code i} (0-based) checks the fit instead of entering it. */
    public boolean heldOut(int i) {
        return holdoutEvery > 0 && i % holdoutEvery == 1 % holdoutEvery;
    }

    /** The series' points from one result per point of {@link #series()}, in order. */
    public List<CalibrationPoint> points(List<LoadResult> results) {
        List<Point> series = series();
        if (results.size() != series.size()) {
            throw new IllegalArgumentException(results.size() + " results for a series of " + series.size() + " points");
        }
        List<CalibrationPoint> points = new ArrayList<>();
        for (int i = 0; i < series.size(); i++) {
            SelectorDesign d = series.get(i).design();
            LoadResult result = results.get(i);
            points.add(new CalibrationPoint(d.r(), d.mAdd(), d.components(), series.get(i).messageBytes(),
                    series.get(i).topics(), result.receivedPerSecond(), result.valid(), heldOut(i), result));
        }
        return points;
    }
}
