package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Subscriber;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.measure.contract.BenchmarkPlan;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.LoadSpec;
import jakarta.jms.JMSException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * One measurement point against the brokers of a {@link Target}: subscribes this slice's subscribers,
 * publishes through warm-up, window and cool-down from a start time fixed in advance, drains, and (slice 0)
 * reads the brokers' counters and CPU from their metrics endpoints before the start, at the window's edges
 * and after the drain. Durable subscriptions ({@link LoadSpec#durableSubscriptions}) are removed once the point is
 * measured.
 */
public final class LoadRun {

    /** How long the subscribers may keep receiving after the cool-down: what a benchmark's schedule leaves. */
    public static final long DRAIN_NANOS = BenchmarkPlan.DRAIN_MILLIS * 1_000_000L;

    /** What the load's durable subscriptions are named, before the subscriber's index. */
    static final String DURABLE_SUBSCRIPTION_PREFIX = "brokerwise-load-";

    private final LoadSpec spec;
    private final PrintStream progress;
    private final PublishingPath path;

    public LoadRun(LoadSpec spec, PrintStream progress) {
        this(spec, progress, PublishingPath.client);
    }

    public LoadRun(LoadSpec spec, PrintStream progress, PublishingPath path) {
        this.spec = spec;
        this.progress = progress;
        this.path = path;
    }

    /** Measures now: the warm-up starts a second from now, the whole load in this process. */
    public LoadResult measure(Target target, double clientCores) throws Exception {
        return measure(target, ClientSlice.WHOLE, Measurement.now() + 1_000_000_000L, clientCores);
    }

    /**
     * Measures this slice of the load with the warm-up starting at {@code startEpochNanos} (wall clock).
     *
     * @param clientCores the CPUs this process may use, for the validity rule's client share
     */
    public LoadResult measure(Target target, ClientSlice slice, long startEpochNanos, double clientCores)
            throws Exception {
        // Registering hundreds of selectors can outlast the time left before the start: a process that keeps
        // time with nobody starts once its subscribers are in; slices keep their common schedule.
        return measure(target, slice, () -> slice.count() == 1
                ? Math.max(startEpochNanos, Measurement.now() + 1_000_000_000L) : startEpochNanos, clientCores);
    }

    /**
     * Measures the whole load in this process beside others that share its brokers: once its subscribers are in,
     * {@code startAfterSubscribing} gives the wall-clock start of the warm-up, waiting for the others if it must,
     * so that every load's phases line up however long each took to subscribe.
     */
    public LoadResult measure(Target target, LongSupplier startAfterSubscribing, double clientCores) throws Exception {
        return measure(target, ClientSlice.WHOLE, startAfterSubscribing, clientCores);
    }

    private LoadResult measure(Target target, ClientSlice slice, LongSupplier startAfterSubscribing,
                               double clientCores) throws Exception {
        double loadBefore = ProcStat.loadAverage();
        BrokerSample[] before = slice.readsBrokers() ? target.scrape() : null;
        // Persistent sends are asynchronous too: a blocking send per message would measure the round trip.
        ClientOptions options = target.clientOptions("blockOnDurableSend=false&blockOnNonDurableSend=false");
        try (TopologyClient client = new TopologyClient(target.map(), options, slice.index());
             Senders senders = Senders.open(path, spec, client, target, options, slice.index())) {
            Measurement clock = new Measurement(spec);
            long subscribing = System.nanoTime();
            List<String> selectors = spec.design().selectors();
            List<Subscriber> subscribers = new ArrayList<>();
            int matching = 0;
            for (int s = 0; s < selectors.size(); s++) {
                if (slice.runs(s)) {
                    subscribers.addAll(subscribe(client, s, selectors.get(s), clock));
                    matching += s < spec.design().r() ? 1 : 0;
                }
            }
            progress.printf("loadgen: %d subscriptions registered in %.1f s%n", selectors.size() / slice.count(),
                    (System.nanoTime() - subscribing) / 1e9);
            clock.schedule(startAfterSubscribing.getAsLong());
            List<PublisherLoop> loops = startPublishers(senders, clock, slice);
            Window window = followPhases(clock, target, slice, clientCores);
            for (PublisherLoop loop : loops) {
                loop.join();
            }
            long expected = slice.count() == 1 ? clock.sent.sum() * spec.design().r() : -1;
            drain(clock, expected);
            BrokerSample[] after = slice.readsBrokers() ? target.scrape() : null;
            if (spec.durableSubscriptions()) {
                // The next point starts with no subscription and no message of this one left in a journal.
                for (Subscriber s : subscribers) {
                    client.unsubscribe(s);
                }
            }
            return new RunReport(spec, target, slice, clock).result(matching, before, after, window, clientCores, loadBefore);
        }
    }

    /**
     * Subscriber {@code index}, its selector registered on every topic of the map (Henjes sec. 3.2.4's topics
     * series: a message of any topic meets the same subscribers): durable subscriptions are named after it, the same
     * in every slice and point.
     */
    private List<Subscriber> subscribe(TopologyClient client, int index, String selector, Measurement clock)
            throws JMSException {
        List<Subscriber> subscribers = new ArrayList<>();
        List<String> topics = client.routingMap().topics();
        for (int t = 0; t < topics.size(); t++) {
            // a shared durable subscription's name is the broker's queue name: one per topic
            String name = DURABLE_SUBSCRIPTION_PREFIX + index + (t == 0 ? "" : "-" + t);
            subscribers.add(spec.durableSubscriptions()
                    ? client.durableSubscriber(topics.get(t), name, selector, clock.listener())
                    : client.subscriber(topics.get(t), selector, clock.listener()));
        }
        return subscribers;
    }

    private List<PublisherLoop> startPublishers(Senders senders, Measurement clock, ClientSlice slice)
            throws Exception {
        List<PublisherLoop> loops = new ArrayList<>();
        for (int p = 0; p < spec.publishers(); p++) {
            if (slice.runs(p)) {
                loops.add(new PublisherLoop(senders.next(), spec, clock, spec.seed() + p));
            }
        }
        loops.forEach(PublisherLoop::start);
        return loops;
    }

    /** CPU at the window's edges: this process's share of its cores, and each broker's share of its limit. */
    record Window(double clientCpu, double[] brokerCpu) {
    }

    /** Prints progress every second; samples CPU at the window's edges. */
    private Window followPhases(Measurement clock, Target target, ClientSlice slice, double clientCores)
            throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        long windowOpened = 0;
        double clientAtStart = 0;
        BrokerSample[] brokersAtStart = null;
        Window window = null;
        long lastSent = 0;
        long lastReceived = 0;
        long lastTick = Measurement.now();
        while (window == null || Measurement.now() < clock.end) {
            Thread.sleep(Math.max(1, Math.min(1000, (nextEdge(clock) - Measurement.now()) / 1_000_000)));
            long now = Measurement.now();
            if (windowOpened == 0 && now >= clock.windowStart) {
                windowOpened = now;
                clientAtStart = os.getProcessCpuTime() / 1e9;
                brokersAtStart = slice.readsBrokers() ? target.scrape() : null;
            } else if (windowOpened > 0 && window == null && now >= clock.windowEnd) {
                // over the time between the two samples, which scraping may stretch beyond the window
                double seconds = (Measurement.now() - windowOpened) / 1e9;
                double client = (os.getProcessCpuTime() / 1e9 - clientAtStart) / (seconds * clientCores);
                window = new Window(client, brokersAtStart == null ? new double[0]
                        : utilization(brokersAtStart, target.scrape(), seconds));
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
        return window;
    }

    private static double[] utilization(BrokerSample[] start, BrokerSample[] end, double seconds) {
        double[] cpu = new double[start.length];
        for (int i = 0; i < start.length; i++) {
            cpu[i] = end[i].cpuUtilizationSince(start[i], seconds);
        }
        return cpu;
    }

    private static long nextEdge(Measurement clock) {
        long now = Measurement.now();
        for (long edge : new long[] {clock.windowStart, clock.windowEnd, clock.end}) {
            if (edge > now) {
                return Math.min(edge, now + 1_000_000_000L);
            }
        }
        return now;
    }

    private static String phase(Measurement clock, long now) {
        return now < clock.start ? "waiting" : now < clock.windowStart ? "warm-up"
                : now < clock.windowEnd ? "measure" : "cool-down";
    }

    /**
     * Waits until every expected copy arrived (when this process knows the count), or no copy arrived for
     * 2 s, within {@link #DRAIN_NANOS}.
     */
    private static void drain(Measurement clock, long expected) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_NANOS - 1_000_000_000L;
        long last = -1;
        long quietSince = System.nanoTime();
        while ((expected < 0 || clock.received.sum() < expected) && System.nanoTime() < deadline) {
            long now = clock.received.sum();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince > 2_000_000_000L) {
                break;
            }
            Thread.sleep(50);
        }
        // Extra copies (duplicates) would arrive in this pause and show as a mismatch.
        Thread.sleep(300);
    }
}
