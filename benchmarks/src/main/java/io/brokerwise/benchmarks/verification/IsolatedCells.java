package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A k x l layout as {@code verify --isolate} measures it, one broker at a time. The brokers of a layout share
 * nothing, so each broker's capacity decides the layout's; measured side by side on one machine they share its
 * CPUs instead, and the layout measures the machine. A cell is the broker of one column in any row: its row's
 * publishers and its column's filters, of which the matching ones are those the client library gives that column
 * (subscriber s joins column s mod l). Cells of one column are alike in every row, and so are columns with as
 * many filters and matching ones, so only distinct cells are measured. Saturated, a row carries what its slowest
 * cell carries, and the layout k rows of it.
 *
 * @param cells the distinct cells, each with the columns it stands for
 */
public record IsolatedCells(Layout layout, List<Cell> cells) {

    /** A column's broker: the columns alike in filters and matching subscribers, and their selectors. */
    public record Cell(List<Integer> columns, SelectorDesign design) {
    }

    /** The distinct cells of {@code layout} when {@code design}'s subscribers are spread over its columns. */
    public static IsolatedCells of(Layout layout, SelectorDesign design) {
        int l = layout.subscriberGroups();
        Map<List<Integer>, List<Integer>> columnsByShare = new LinkedHashMap<>();
        for (int j = 0; j < l; j++) {
            int filters = countBelow(design.subscribers(), j, l);
            // A column without filters dispatches nothing: it is never a row's slowest cell.
            if (filters > 0) {
                columnsByShare.computeIfAbsent(List.of(filters, countBelow(design.r(), j, l)), k -> new ArrayList<>())
                        .add(j);
            }
        }
        List<Cell> cells = new ArrayList<>();
        columnsByShare.forEach((share, columns) -> cells.add(new Cell(List.copyOf(columns), new SelectorDesign(
                share.get(1), share.get(0) - share.get(1), design.kind(), design.shape(), design.components()))));
        return new IsolatedCells(layout, List.copyOf(cells));
    }

    /** The layout's published msgs/s from its cells' runs, in {@link #cells()} order: k rows of the slowest cell. */
    public double layoutCapacity(List<LoadResult> cellRuns) {
        if (cellRuns.size() != cells.size()) {
            throw new IllegalArgumentException(cells.size() + " cells, " + cellRuns.size() + " runs");
        }
        return layout.publisherGroups()
                * cellRuns.stream().mapToDouble(LoadResult::publishedPerSecond).min().orElseThrow();
    }

    /** How many of the subscribers 0 .. n-1 join column j of l. */
    private static int countBelow(int n, int j, int l) {
        return n > j ? (n - j + l - 1) / l : 0;
    }
}
