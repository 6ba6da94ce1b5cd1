package io.brokerwise.measure.delivery;

import io.brokerwise.client.Outgoing;
import io.brokerwise.client.QueueSender;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.measure.queues.QueueLedger;
import jakarta.jms.JMSException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The queue side of a delivery check: consumers of one of the layout's replicated queues, and producers that send
 * to it at the check's rate (the schedule's aggregate rate, shared by the queue's producers) while the topic's
 * publishers do, every message counted by producer and sequence ({@link QueueLedger}). The client places and moves
 * them as the routing map says, as an application's would be.
 */
final class QueueTraffic {

    private final String queue;
    private final int producers;
    private final int consumers;
    private final QueueLedger ledger;
    private final AtomicLong sent = new AtomicLong();
    private final AtomicLong failures = new AtomicLong();
    private final List<Thread> threads = new ArrayList<>();

    private QueueTraffic(String queue, int producers, int consumers) {
        this.queue = queue;
        this.producers = producers;
        this.consumers = consumers;
        this.ledger = new QueueLedger(producers);
    }

    /** Attaches the consumers, then starts the producers, paced by {@code pacer} from {@code startNanos}. */
    static QueueTraffic start(TopologyClient client, String queue, int producers, int consumers, LoadPacer pacer,
                              LoadSchedule load, int messageBytes, long startNanos) throws JMSException {
        QueueTraffic traffic = new QueueTraffic(queue, producers, consumers);
        for (int c = 0; c < consumers; c++) {
            client.queueReceiver(queue, null, traffic.ledger);
        }
        for (int p = 0; p < producers; p++) {
            QueueSender sender = client.queueSender(queue, false);
            int index = p;
            Thread t = new Thread(() -> traffic.produce(sender, index, pacer, load, messageBytes, startNanos),
                    "queue-producer-" + p);
            t.start();
            traffic.threads.add(t);
        }
        return traffic;
    }

    private void produce(QueueSender sender, int p, LoadPacer pacer, LoadSchedule load, int messageBytes,
                         long start) {
        Outgoing message = new Outgoing(new byte[messageBytes], Map.of(QueueLedger.PRODUCER, p), null);
        pacer.pace(producers, load.messagesPerPublisher(producers), start, seq -> {
            try {
                sender.send(message, seq);
                ledger.sent(p, seq);
                sent.incrementAndGet();
            } catch (JMSException e) {
                failures.incrementAndGet();
                System.err.println("delivery-check: queue producer " + p + " could not send " + seq + ": " + e);
            }
        });
    }

    /** Waits for the producers to end (the schedule's end or the control file's stop), at most {@code millis}. */
    void awaitProducers(long millis) throws InterruptedException {
        for (Thread t : threads) {
            t.join(millis);
        }
    }

    /** The count so far: after the drain, what the check reports. */
    QueueDelivery count() {
        return new QueueDelivery(queue, producers, consumers, sent.get(), failures.get(), ledger.distinct(),
                ledger.lost(), ledger.duplicates());
    }
}
