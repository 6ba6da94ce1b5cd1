package io.brokerwise.benchmarks.loadgen;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.BrokerMetrics;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Publisher;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.routing.RoutingMap;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * One measurement: subscribes, publishes through warm-up, window and cool-down, drains, and reads the
 * brokers' own counters. {@link #run()} also starts the brokers (separate JVMs, each in its CPU-quota
 * cgroup) and stops them and removes their cgroups whatever happens; {@link #measure(LocalFleet)} uses
 * brokers a series keeps running.
 */
final class LoadRun {

    static final String TOPIC = LocalFleet.TOPIC;

    private final LoadSpec spec;
    private final Path workDir;
    private final PrintStream progress;

    LoadRun(LoadSpec spec, Path workDir, PrintStream progress) {
        this.spec = spec;
        this.workDir = workDir;
        this.progress = progress;
    }

    /** Starts the brokers, measures once, stops them. */
    LoadResult run() throws Exception {
        try (LocalFleet fleet = LocalFleet.start(spec.brokers(), spec.node(), spec.persistent(), workDir,
                progress)) {
            return measure(fleet);
        }
    }

    /** Measures one point on brokers that are already running (a series keeps them warm). */
    LoadResult measure(LocalFleet fleet) throws Exception {
        if (fleet.brokers.size() < spec.brokers()) {
            throw new IllegalArgumentException("layout needs " + spec.brokers() + " brokers, " + fleet.brokers.size()
                    + " run");
        }
        List<LocalBroker> brokers = fleet.brokers.subList(0, spec.brokers());
        RoutingMap map = fleet.map(new Layout(spec.publisherGroups(), spec.subscriberGroups()));
        String placement = fleet.quotas ? null : "brokers ran without a CPU quota (no writable cgroup v1 cpu "
                + "controller): they share the client's cores, not a node of their own";
        return measure(map, fleet.credentials, brokers, placement, fleet.clientCores(), ProcStat.loadAverage());
    }

    /**
     * Measures brokers that run elsewhere (a topology's pods, named by its routing map), as a benchmark Job
     * does: the layout is the map's, the broker CPU is unknown here and flagged for the node's metrics to fill.
     */
    LoadResult measureRemote(RoutingMap map, BrokerCredentials credentials) throws Exception {
        if (map.publisherGroups() != spec.publisherGroups()
                || map.subscriberGroups() != spec.subscriberGroups()) {
            throw new IllegalArgumentException("the spec's layout must be the routing map's "
                    + map.publisherGroups() + "x" + map.subscriberGroups());
        }
        List<MeasuredBroker> brokers = map.brokers().stream().map(MeasuredBroker::remote).toList();
        return measure(map, credentials, brokers, null, Runtime.getRuntime().availableProcessors(),
                ProcStat.loadAverage());
    }

    private LoadResult measure(RoutingMap map, BrokerCredentials credentials, List<? extends MeasuredBroker> brokers,
                               String placementProblem, double clientCores, double loadBefore) throws Exception {
        // Persistent sends are asynchronous too: a blocking send per message would measure the round trip.
        ClientOptions options = new ClientOptions(credentials.user(), credentials.password(),
                "blockOnDurableSend=false&blockOnNonDurableSend=false");
        long[] receivedBefore = new long[brokers.size()];
        for (int i = 0; i < brokers.size(); i++) {
            try (BrokerMetrics metrics = BrokerMetrics.connect(brokers.get(i).address(), credentials)) {
                receivedBefore[i] = metrics.received(TOPIC);
            }
        }
        try (TopologyClient client = new TopologyClient(map, options)) {
            Measurement clock = new Measurement(spec, System.nanoTime() + 1_000_000_000L);
            for (String selector : spec.design().selectors()) {
                client.subscriber(selector, clock.listener());
            }
            List<PublisherLoop> loops = new ArrayList<>();
            List<Thread> threads = new ArrayList<>();
            int copies = 0;
            for (int p = 0; p < spec.publishers(); p++) {
                Publisher publisher = client.publisher(spec.persistent());
                copies = publisher.copies();
                PublisherLoop loop = new PublisherLoop(publisher, spec, clock, spec.seed() + p);
                loops.add(loop);
                Thread t = new Thread(loop, "publisher-" + p);
                t.setDaemon(true);
                threads.add(t);
            }
            threads.forEach(Thread::start);
            double[] brokerCpu = new double[brokers.size()];
            double clientCpu = followPhases(clock, brokers, brokerCpu, clientCores);
            for (Thread t : threads) {
                t.join(30_000);
            }
            for (PublisherLoop loop : loops) {
                if (loop.failure != null) {
                    throw new IllegalStateException("a publisher failed: " + loop.failure, loop.failure);
                }
            }
            long expected = clock.sent.sum() * spec.design().r();
            drain(clock, expected);
            List<Map<String, Long>> reported = new ArrayList<>();
            long brokerReceived = 0;
            long brokerDispatched = 0;
            for (int i = 0; i < brokers.size(); i++) {
                try (BrokerMetrics metrics = BrokerMetrics.connect(brokers.get(i).address(), credentials)) {
                    long received = metrics.received(TOPIC) - receivedBefore[i];
                    long dispatched = metrics.dispatched(TOPIC);
                    brokerReceived += received;
                    brokerDispatched += dispatched;
                    reported.add(Map.of("received", received, "dispatched", dispatched));
                }
            }
            return result(clock, copies, reported, brokerReceived, brokerDispatched, expected, brokerCpu, clientCpu,
                    placementProblem, clientCores, loadBefore);
        }
    }

    /** Prints progress every second; samples CPU at the window's edges; returns the client's CPU share. */
    private double followPhases(Measurement clock, List<? extends MeasuredBroker> brokers, double[] brokerCpu,
                                double clientCores)
            throws InterruptedException {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        double[] brokerAtStart = new double[brokers.size()];
        double clientAtStart = 0;
        double clientShare = Double.NaN;
        boolean inWindow = false;
        long lastSent = 0;
        long lastReceived = 0;
        long lastTick = System.nanoTime();
        while (System.nanoTime() < clock.end) {
            Thread.sleep(Math.max(1, Math.min(1000, (nextEdge(clock) - System.nanoTime()) / 1_000_000)));
            long now = System.nanoTime();
            if (!inWindow && now >= clock.windowStart) {
                inWindow = true;
                clientAtStart = os.getProcessCpuTime() / 1e9;
                for (int i = 0; i < brokers.size(); i++) {
                    brokerAtStart[i] = brokers.get(i).cpuSeconds();
                }
            } else if (inWindow && now >= clock.windowEnd && Double.isNaN(clientShare)) {
                double seconds = spec.measure().toNanos() / 1e9;
                clientShare = (os.getProcessCpuTime() / 1e9 - clientAtStart) / (seconds * clientCores);
                for (int i = 0; i < brokers.size(); i++) {
                    brokerCpu[i] = (brokers.get(i).cpuSeconds() - brokerAtStart[i]) / (seconds * spec.node().cpuLimit());
                }
            }
            long sent = clock.sent.sum();
            long received = clock.received.sum();
            double tick = Math.max(1e-3, (now - lastTick) / 1e9);
            progress.printf("loadgen: [%-9s %5.1f s] published %,10.0f/s  delivered %,10.0f/s%n", phase(clock, now),
                    (now - clock.start) / 1e9, (sent - lastSent) / tick, (received - lastReceived) / tick);
            lastSent = sent;
            lastReceived = received;
            lastTick = now;
        }
        return clientShare;
    }

    private static long nextEdge(Measurement clock) {
        long now = System.nanoTime();
        for (long edge : new long[] {clock.windowStart, clock.windowEnd, clock.end}) {
            if (edge > now) {
                return Math.min(edge, now + 1_000_000_000L);
            }
        }
        return now;
    }

    private static String phase(Measurement clock, long now) {
        return now < clock.windowStart ? "warm-up" : now < clock.windowEnd ? "measure" : "cool-down";
    }

    /** Waits until every expected copy arrived, or no copy arrived for 5 s (bounded: 60 s in all). */
    private void drain(Measurement clock, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + 60_000_000_000L;
        long last = -1;
        long quietSince = System.nanoTime();
        while (clock.received.sum() < expected && System.nanoTime() < deadline) {
            long now = clock.received.sum();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > 5_000_000_000L) {
                break;
            }
            Thread.sleep(50);
        }
        // Extra copies (duplicates) would arrive in this pause and show as a mismatch.
        Thread.sleep(300);
    }

    private LoadResult result(Measurement clock, int copies, List<Map<String, Long>> reported, long brokerReceived,
                              long brokerDispatched, long expected, double[] brokerCpu, double clientCpu,
                              String placementProblem, double clientCores, double loadBefore) {
        double seconds = spec.measure().toNanos() / 1e9;
        long sentInWindow = clock.sentInWindow.sum();
        long delivered = clock.received.sum();
        long copiesSent = clock.sent.sum() * copies;
        Histogram h = clock.latency();
        Map<String, Double> latency = new LinkedHashMap<>();
        latency.put("p50", h.getValueAtPercentile(50) / 1e3);
        latency.put("p90", h.getValueAtPercentile(90) / 1e3);
        latency.put("p99", h.getValueAtPercentile(99) / 1e3);
        latency.put("p99.9", h.getValueAtPercentile(99.9) / 1e3);
        latency.put("max", h.getMaxValue() / 1e3);
        latency.put("mean", h.getMean() / 1e3);
        boolean match = brokerReceived == copiesSent && brokerDispatched == delivered && delivered == expected
                && clock.unreadable.sum() == 0;
        Validity validity = Validity.check(spec.mode(), brokerCpu, clientCpu, placementProblem);
        List<String> problems = new ArrayList<>(validity.problems());
        if (!match) {
            problems.add("counts differ: sent " + copiesSent + " copies, brokers received " + brokerReceived
                    + "; delivered " + delivered + ", brokers dispatched " + brokerDispatched + ", expected " + expected);
        }
        return new LoadResult(describe(), loadBefore, ProcStat.loadAverage(), seconds, sentInWindow,
                clock.receivedInWindow.sum(), sentInWindow / seconds,
                perBroker(sentInWindow, copies, seconds),
                clock.receivedInWindow.sum() / seconds, clock.sent.sum(), copiesSent, delivered, expected, reported,
                match, latency, spec.mode() == LoadSpec.Mode.rate, brokerCpu, clientCpu,
                clientCores,
                validity.valid() && match, problems);
    }

    /** Messages one broker received per second: every broker gets the copies of its row's publishers. */
    private double perBroker(long sentInWindow, int copies, double seconds) {
        return sentInWindow * (double) copies / spec.brokers() / seconds;
    }

    private Map<String, Object> describe() {
        Map<String, Object> d = new LinkedHashMap<>();
        d.put("layout", spec.publisherGroups() + "x" + spec.subscriberGroups());
        d.put("brokerCores", spec.node().cores());
        d.put("cpuPeriodMillis", spec.node().cpuPeriod().toMillis());
        d.put("brokerCpus", spec.node().cpus());
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
