package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * How {@code verify} runs its measurements: every layout once per round, interleaved (A, B, A, B) so that the
 * machine's drift over the rounds hits every layout alike, each on fresh brokers started for it (no subscription,
 * backlog or JIT profile of another layout left). Right after a layout, on the same brokers: the round's reference
 * point, when there is one, and in the last round the planned layout's latency runs. With {@code isolate}, a
 * layout is measured one distinct cell at a time ({@link IsolatedCells}), each on a fresh broker of its own and
 * followed by the reference point, and has no latency runs.
 *
 * @param node    what each local broker gets in place of a node
 * @param workDir the brokers' configurations, data and logs
 */
public record VerificationRounds(LocalPlacement placement, BrokerNode node, Path workDir,
                                 Optional<ReferencePoint> reference, LatencyProbe latency, boolean isolate) {

    public void run(List<LayoutRuns> runs, int repeats, PrintStream progress) throws Exception {
        for (int round = 1; round <= repeats; round++) {
            for (LayoutRuns l : runs) {
                progress.printf("loadgen: round %d/%d, layout %s (%s)%n", round, repeats, l.evaluation().layout(),
                        l.planned() ? "planned" : "alternative");
                if (isolate) {
                    measureCells(l, progress);
                } else {
                    measureWhole(l, round == repeats, progress);
                }
            }
        }
    }

    private void measureWhole(LayoutRuns l, boolean lastRound, PrintStream progress) throws Exception {
        LayoutEvaluation e = l.evaluation();
        try (LocalFleet fleet = start(Math.toIntExact(e.brokers()), progress)) {
            l.add(LayoutRound.whole(fleet.measure(placement.saturated(e.layout()), e.layout())));
            measureReference(fleet, l, progress);
            if (l.planned() && lastRound) {
                l.setLatency(latency.measure(fleet, e, placement.saturated(e.layout()), l.meanCapacity(),
                        l.predicted(), progress));
            }
        }
    }

    private void measureCells(LayoutRuns l, PrintStream progress) throws Exception {
        IsolatedCells cells = IsolatedCells.of(l.evaluation().layout(), placement.design());
        List<LoadResult> cellRuns = new ArrayList<>();
        for (IsolatedCells.Cell cell : cells.cells()) {
            progress.printf("loadgen: cell of column(s) %s alone: %d filters, %d matching%n", cell.columns(),
                    cell.design().subscribers(), cell.design().r());
            try (LocalFleet fleet = start(1, progress)) {
                cellRuns.add(fleet.measure(placement.isolated(cell), new Layout(1, 1)));
                measureReference(fleet, l, progress);
            }
        }
        l.add(LayoutRound.isolated(cells, cellRuns));
    }

    private LocalFleet start(int brokers, PrintStream progress) throws Exception {
        return LocalFleet.start(brokers, node, placement.load().persistent(), workDir, progress);
    }

    /** The reference point, when there is one, on all the fleet's brokers at once, as independent rows. */
    private void measureReference(LocalFleet fleet, LayoutRuns l, PrintStream progress) throws Exception {
        if (reference.isEmpty()) {
            return;
        }
        ReferencePoint point = reference.get();
        int brokers = fleet.size();
        progress.printf("loadgen: reference point r = %d, m_add = %d on all %d brokers%n", point.r(), point.mAdd(),
                brokers);
        l.addReference(fleet.measure(placement.reference(point, brokers), new Layout(brokers, 1)));
    }
}
