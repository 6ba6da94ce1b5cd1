package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;
import java.util.ArrayList;
import java.util.List;

/** Turns one run's counters, the brokers' samples and the CPU figures into its {@link LoadResult}. */
final class RunReport {

    private final LoadSpec spec;
    private final Target target;
    private final ClientSlice slice;
    private final Measurement clock;

    RunReport(LoadSpec spec, Target target, ClientSlice slice, Measurement clock) {
        this.spec = spec;
        this.target = target;
        this.slice = slice;
        this.clock = clock;
    }

    LoadResult result(int matching, BrokerSample[] before, BrokerSample[] after, LoadRun.Window window,
                      double clientCores, double loadBefore) {
        double seconds = spec.measure().toNanos() / 1e9;
        long sentInWindow = clock.sentInWindow.sum();
        long delivered = clock.received.sum();
        long copiesSent = clock.sent.sum() * target.copiesPerMessage();
        long expected = slice.count() == 1 ? clock.sent.sum() * matching : -1;
        List<BrokerCounts> reported = reported(before, after);
        Counts counts = Counts.check(copiesSent, delivered, expected, reported);
        List<String> problems = new ArrayList<>(Validity.check(spec.mode(), window.brokerCpu(), window.clientCpu(),
                target.caveats()).problems());
        problems.addAll(counts.problems());
        if (clock.unreadable.sum() > 0) {
            problems.add(clock.unreadable.sum() + " copies carried no readable send stamp");
        }
        return new LoadResult(MeasuredLoad.of(spec, target, slice), loadBefore, ProcStat.loadAverage(), seconds,
                sentInWindow, clock.receivedInWindow.sum(), sentInWindow / seconds,
                sentInWindow * (double) target.copiesPerMessage() / target.brokers() / seconds,
                clock.receivedInWindow.sum() / seconds, clock.sent.sum(), copiesSent, delivered, expected, reported,
                counts.match(), LatencyPercentiles.of(clock.latency()), spec.mode() == LoadSpec.Mode.rate,
                window.brokerCpu(), window.clientCpu(), clientCores, matching, problems.isEmpty(),
                List.copyOf(problems));
    }

    private static List<BrokerCounts> reported(BrokerSample[] before, BrokerSample[] after) {
        List<BrokerCounts> out = new ArrayList<>();
        for (int i = 0; before != null && i < before.length; i++) {
            out.add(BrokerCounts.between(before[i], after[i]));
        }
        return out;
    }
}
