package io.brokerwise.measure.queues;

import io.brokerwise.client.QueueSender;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the consumers of a queue load took, by producer and sequence number: how many in all, and how many twice.
 * Called from every consumer's session thread.
 */
final class QueueLedger implements MessageListener {

    /** Int property: which producer sent the message. */
    static final String PRODUCER = "bw_producer";

    private final BitSet[] seen;
    private final AtomicLong consumed = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();

    QueueLedger(int producers) {
        seen = new BitSet[producers];
        for (int p = 0; p < producers; p++) {
            seen[p] = new BitSet();
        }
    }

    @Override
    public void onMessage(Message m) {
        try {
            BitSet producer = seen[m.getIntProperty(PRODUCER)];
            int sequence = Math.toIntExact(m.getLongProperty(QueueSender.SEQUENCE));
            boolean twice;
            synchronized (producer) {
                twice = producer.get(sequence);
                producer.set(sequence);
            }
            if (twice) {
                duplicates.incrementAndGet();
            }
            consumed.incrementAndGet();
        } catch (JMSException e) {
            throw new IllegalStateException("a queue load message without its producer or sequence", e);
        }
    }

    /** Every message taken, duplicates included. */
    long consumed() {
        return consumed.get();
    }

    /** Distinct messages taken. */
    long distinct() {
        return consumed.get() - duplicates.get();
    }

    long duplicates() {
        return duplicates.get();
    }
}
