package io.brokerwise.measure.queues;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.client.ClientOptions;
import io.brokerwise.measure.Target;
import io.brokerwise.routing.QueueRoute;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One measurement of a {@link QueueLoad} on the first replicated queue of a {@link Target}'s map: the consumers'
 * rate in the window, each broker's CPU over it, and, after a bounded drain, what was sent against what arrived.
 */
public final class QueueLoadRun {

    private static final long DRAIN_NANOS = 30_000_000_000L;
    private final QueueLoad load;
    private final PrintStream progress;

    public QueueLoadRun(QueueLoad load, PrintStream progress) {
        this.load = load;
        this.progress = progress;
    }

    public QueueLoadResult measure(Target target) throws Exception {
        QueueRoute queue = target.map().queues().get(0);
        // Sends are asynchronous, as the topic's load generator's are: a blocking send would measure the round trip.
        ClientOptions options = target.clientOptions("blockOnDurableSend=false&blockOnNonDurableSend=false"
                + (load.consumerWindowBytes() == QueueLoad.DEFAULT_WINDOW ? ""
                : "&consumerWindowSize=" + load.consumerWindowBytes()));
        QueueLedger ledger = new QueueLedger(load.producers());
        try (QueueClients clients = load.placement() == QueueLoad.Placement.ARTEMIS_ROUND_ROBIN
                ? new ArtemisClients(target.map(), options, load.persistent())
                : new ElectQueueClients(target.map(), options, load.persistent(),
                        load.placement() == QueueLoad.Placement.ELECT_QUEUE)) {
            List<String> receivers = new ArrayList<>();
            for (int c = 0; c < load.consumers(); c++) {
                receivers.add(clients.consumer(ledger));
            }
            List<QueueClients.Producer> senders = new ArrayList<>();
            for (int p = 0; p < load.producers(); p++) {
                senders.add(clients.producer(p, load.messageBytes()));
            }
            long start = System.nanoTime() + 1_000_000_000L;
            long windowStart = start + load.warmup().toNanos();
            long windowEnd = windowStart + load.measure().toNanos();
            long end = windowEnd + load.cooldown().toNanos();
            AtomicLong sent = new AtomicLong();
            List<Thread> loops = new ArrayList<>();
            for (int p = 0; p < senders.size(); p++) {
                Thread loop = new Thread(sendLoop(senders.get(p), p, start, end, sent), "queue-producer-" + p);
                loop.start();
                loops.add(loop);
            }
            Window window = window(target, ledger, windowStart, windowEnd);
            for (Thread loop : loops) {
                loop.join();
            }
            drain(ledger, sent.get());
            progress.printf("loadgen: queue %s: sent %,d, consumed %,d (%,.0f/s in the window)%n", queue.name(),
                    sent.get(), ledger.consumed(), window.consumed / window.seconds);
            return new QueueLoadResult(load.placement(), load.producers(), load.consumers(), sent.get(), ledger.consumed(),
                    window.consumed / window.seconds, sent.get() - ledger.distinct(), ledger.duplicates(),
                    window.clientCpu, replicas(queue, senders, receivers, window.brokerCpu));
        }
    }

    private Runnable sendLoop(QueueClients.Producer sender, int producer, long start, long end, AtomicLong sent) {
        return () -> {
            try {
                sleepUntil(start);
                for (long seq = 0; System.nanoTime() < end && seq < QueueLoad.MAX_MESSAGES_PER_PRODUCER; seq++) {
                    sender.send(seq);
                    sent.incrementAndGet();
                }
            } catch (Exception e) {
                progress.println("loadgen: producer " + producer + " stopped: " + e);
            }
        };
    }

    /** The consumers' count and every broker's CPU sampled at the window's edges. */
    private record Window(long consumed, double seconds, double clientCpu, double[] brokerCpu) {
    }

    private static Window window(Target target, QueueLedger ledger, long windowStart, long windowEnd)
            throws Exception {
        com.sun.management.OperatingSystemMXBean os =
                (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        sleepUntil(windowStart);
        long opened = System.nanoTime();
        long consumedAtStart = ledger.consumed();
        double clientAtStart = os.getProcessCpuTime() / 1e9;
        BrokerSample[] before = target.scrape();
        sleepUntil(windowEnd);
        long consumed = ledger.consumed() - consumedAtStart;
        double seconds = (System.nanoTime() - opened) / 1e9;
        double client = (os.getProcessCpuTime() / 1e9 - clientAtStart) / (seconds
                * Runtime.getRuntime().availableProcessors());
        BrokerSample[] after = target.scrape();
        double[] cpu = new double[before.length];
        for (int i = 0; i < cpu.length; i++) {
            cpu[i] = after[i].cpuUtilizationSince(before[i], seconds);
        }
        return new Window(consumed, seconds, client, cpu);
    }

    /** Waits until every message sent was taken once, or none arrived for 2 s, within {@link #DRAIN_NANOS}. */
    private static void drain(QueueLedger ledger, long sent) throws InterruptedException {
        long deadline = System.nanoTime() + DRAIN_NANOS;
        long last = -1;
        long quietSince = System.nanoTime();
        while (ledger.distinct() < sent && System.nanoTime() < deadline
                && System.nanoTime() - quietSince < 2_000_000_000L) {
            if (ledger.consumed() != last) {
                last = ledger.consumed();
                quietSince = System.nanoTime();
            }
            Thread.sleep(50);
        }
        // Extra copies (duplicates) would arrive in this pause and be counted.
        Thread.sleep(300);
    }

    private static List<QueueLoadResult.Replica> replicas(QueueRoute queue, List<QueueClients.Producer> senders,
                                                         List<String> receivers, double[] brokerCpu) {
        List<QueueLoadResult.Replica> out = new ArrayList<>();
        for (int i = 0; i < queue.replicas().size(); i++) {
            String address = queue.replicas().get(i).address();
            int producers = (int) senders.stream().filter(s -> s.replica().equals(address)).count();
            int consumers = (int) receivers.stream().filter(address::equals).count();
            out.add(new QueueLoadResult.Replica(address, producers, consumers, i < brokerCpu.length ? brokerCpu[i]
                    : Double.NaN));
        }
        return out;
    }

    private static void sleepUntil(long nanos) throws InterruptedException {
        long left = nanos - System.nanoTime();
        if (left > 0) {
            Thread.sleep(left / 1_000_000, (int) (left % 1_000_000));
        }
    }
}
