package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.Counts;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.MeasuredLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

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
        return new LoadResult(measuredLoad(), loadBefore, ProcStat.loadAverage(), seconds,
                sentInWindow, clock.receivedInWindow.sum(), sentInWindow / seconds,
                sentInWindow * (double) target.copiesPerMessage() / target.brokers() / seconds,
                clock.receivedInWindow.sum() / seconds, clock.sent.sum(), copiesSent, delivered, expected, reported,
                counts.match(), percentiles(clock.latency()), spec.mode() == LoadSpec.Mode.rate,
                window.brokerCpu(), window.clientCpu(), clientCores, matching, problems.isEmpty(),
                List.copyOf(problems));
    }

    /** The load and the layout as measured: the result's {@code spec}. */
    private MeasuredLoad measuredLoad() {
        SelectorDesign design = spec.design();
        return new MeasuredLoad(new Layout(target.map().publisherGroups(), target.map().subscriberGroups()).dimensions(),
                target.brokers(), target.copiesPerMessage(), slice.index() + "/" + slice.count(), spec.publishers(),
                spec.mode(), spec.mode() == LoadSpec.Mode.rate ? spec.ratePerPublisher() : null,
                spec.persistent() ? "Persistent" : "NonPersistent", spec.durableSubscriptions(), design.r(),
                design.mAdd(), design.kind(), design.shape(), design.components(), spec.messageBytes(),
                spec.warmup().toMillis() / 1e3, spec.measure().toMillis() / 1e3, spec.cooldown().toMillis() / 1e3);
    }

    /** What each broker's metrics say it received and dispatched between the two samples. */
    private static List<BrokerCounts> reported(BrokerSample[] before, BrokerSample[] after) {
        List<BrokerCounts> out = new ArrayList<>();
        for (int i = 0; before != null && i < before.length; i++) {
            out.add(new BrokerCounts(after[i].received() - before[i].received(),
                    after[i].dispatched() - before[i].dispatched()));
        }
        return out;
    }

    /** The percentiles of a histogram of nanoseconds, in microseconds. */
    private static LatencyPercentiles percentiles(Histogram nanos) {
        return new LatencyPercentiles(nanos.getValueAtPercentile(50) / 1e3, nanos.getValueAtPercentile(90) / 1e3,
                nanos.getValueAtPercentile(99) / 1e3, nanos.getValueAtPercentile(99.9) / 1e3,
                nanos.getMaxValue() / 1e3, nanos.getMean() / 1e3);
    }
}
