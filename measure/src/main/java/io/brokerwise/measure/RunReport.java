package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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
        List<Map<String, Long>> reported = reported(before, after);
        Counts counts = Counts.check(copiesSent, delivered, expected, reported);
        List<String> problems = new ArrayList<>(Validity.check(spec.mode(), window.brokerCpu(), window.clientCpu(),
                target.caveats()).problems());
        problems.addAll(counts.problems());
        if (clock.unreadable.sum() > 0) {
            problems.add(clock.unreadable.sum() + " copies carried no readable send stamp");
        }
        return new LoadResult(describe(), loadBefore, ProcStat.loadAverage(), seconds, sentInWindow,
                clock.receivedInWindow.sum(), sentInWindow / seconds,
                sentInWindow * (double) target.copiesPerMessage() / target.brokers() / seconds,
                clock.receivedInWindow.sum() / seconds, clock.sent.sum(), copiesSent, delivered, expected, reported,
                counts.match(), latency(clock.latency()), spec.mode() == LoadSpec.Mode.rate, window.brokerCpu(),
                window.clientCpu(), clientCores, matching, problems.isEmpty(), List.copyOf(problems));
    }

    private static List<Map<String, Long>> reported(BrokerSample[] before, BrokerSample[] after) {
        List<Map<String, Long>> out = new ArrayList<>();
        for (int i = 0; before != null && i < before.length; i++) {
            out.add(Map.of("received", after[i].received() - before[i].received(),
                    "dispatched", after[i].dispatched() - before[i].dispatched()));
        }
        return out;
    }

    private static Map<String, Double> latency(Histogram h) {
        Map<String, Double> latency = new LinkedHashMap<>();
        latency.put("p50", h.getValueAtPercentile(50) / 1e3);
        latency.put("p90", h.getValueAtPercentile(90) / 1e3);
        latency.put("p99", h.getValueAtPercentile(99) / 1e3);
        latency.put("p99.9", h.getValueAtPercentile(99.9) / 1e3);
        latency.put("max", h.getMaxValue() / 1e3);
        latency.put("mean", h.getMean() / 1e3);
        return latency;
    }

    private Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("layout", target.map().publisherGroups() + "x" + target.map().subscriberGroups());
        d.put("brokers", target.brokers());
        d.put("copiesPerMessage", target.copiesPerMessage());
        d.put("clientSlice", slice.index() + "/" + slice.count());
        d.put("publishers", spec.publishers());
        d.put("mode", spec.mode().name());
        if (spec.mode() == LoadSpec.Mode.rate) {
            d.put("ratePerPublisher", spec.ratePerPublisher());
        }
        d.put("deliveryMode", spec.persistent() ? "Persistent" : "NonPersistent");
        d.put("r", spec.design().r());
        d.put("mAdd", spec.design().mAdd());
        d.put("filterKind", spec.design().kind().name());
        d.put("filterShape", spec.design().shape().name());
        d.put("components", spec.design().components());
        d.put("messageBytes", spec.messageBytes());
        d.put("warmupSeconds", spec.warmup().toMillis() / 1e3);
        d.put("measureSeconds", spec.measure().toMillis() / 1e3);
        d.put("cooldownSeconds", spec.cooldown().toMillis() / 1e3);
        return d;
    }
}
