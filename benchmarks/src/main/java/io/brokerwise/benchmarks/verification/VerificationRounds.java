package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.measure.LoadResult;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * How {@code verify} runs its measurements: every layout once per round, interleaved (A, B, A, B) so that the
 * machine's drift over the rounds hits every layout alike, each on fresh brokers started for it (no subscription,
 * backlog or JIT profile of another layout left). Right after a layout, on the same brokers: the round's reference
 * point, when there is one, and in the last round the planned layout's latency runs.
 *
 * @param node    what each local broker gets in place of a node
 * @param workDir the brokers' configurations, data and logs
 */
public record VerificationRounds(LocalPlacement placement, BrokerNode node, Path workDir,
                                 Optional<ReferencePoint> reference, LatencyProbe latency) {

    public void run(List<LayoutRuns> runs, int repeats, PrintStream progress) throws Exception {
        for (int round = 1; round <= repeats; round++) {
            for (LayoutRuns l : runs) {
                LayoutEvaluation e = l.evaluation();
                progress.printf("loadgen: round %d/%d, layout %s (%s)%n", round, repeats, e.layout(),
                        l.planned() ? "planned" : "alternative");
                try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(e.brokers()), node,
                        placement.load().persistent(), workDir, progress)) {
                    l.add(fleet.measure(placement.saturated(e.layout()), e.layout()));
                    if (reference.isPresent()) {
                        l.addReference(measureReference(fleet, reference.get(), progress));
                    }
                    if (l.planned() && round == repeats) {
                        l.setLatency(latency.measure(fleet, e, placement.saturated(e.layout()), l.meanCapacity(),
                                l.predicted(), progress));
                    }
                }
            }
        }
    }

    /** The reference point on all the layout's brokers at once, as independent rows. */
    private LoadResult measureReference(LocalFleet fleet, ReferencePoint point, PrintStream progress)
            throws Exception {
        int brokers = fleet.size();
        progress.printf("loadgen: reference point r = %d, m_add = %d on all %d brokers%n", point.r(), point.mAdd(),
                brokers);
        return fleet.measure(placement.reference(point, brokers), new Layout(brokers, 1));
    }
}
