package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.LoadResult;
import java.util.List;

/**
 * One round's saturated measurement of a layout: its published msgs/s and the runs it comes from, one of the
 * whole layout or, with {@code --isolate}, one per distinct cell ({@link IsolatedCells}).
 */
public record LayoutRound(double publishedPerSecond, List<LoadResult> runs) {

    public static LayoutRound whole(LoadResult run) {
        return new LayoutRound(run.publishedPerSecond(), List.of(run));
    }

    public static LayoutRound isolated(IsolatedCells cells, List<LoadResult> cellRuns) {
        return new LayoutRound(cells.layoutCapacity(cellRuns), List.copyOf(cellRuns));
    }

    /** Whether every run kept the validity rule. */
    public boolean valid() {
        return runs.stream().allMatch(LoadResult::valid);
    }
}
