package io.brokerwise.measure.queues;

import io.brokerwise.client.QueueSender;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the consumers of a queue load took, by producer and sequence number: how many in all, and how many twice;
 * with the sends recorded ({@link #sent}), which of them never arrived. Called from every consumer's session thread.
 */
public final class QueueLedger implements MessageListener {

    /** Int property: which producer sent the message. */
    public static final String PRODUCER = "bw_producer";

    private final BitSet[] seen;
    private final BitSet[] sent;
    private final AtomicLong consumed = new AtomicLong();
    private final AtomicLong duplicates = new AtomicLong();

    public QueueLedger(int producers) {
        seen = new BitSet[producers];
        sent = new BitSet[producers];
        for (int p = 0; p < producers; p++) {
            seen[p] = new BitSet();
            sent[p] = new BitSet();
        }
    }

    /** Producer {@code producer}'s send of {@code sequence} returned: the message must arrive. */
    public void sent(int producer, int sequence) {
        synchronized (seen[producer]) {
            sent[producer].set(sequence);
        }
    }

    /** Messages recorded {@link #sent} that no consumer took. */
    public long lost() {
        long lost = 0;
        for (int p = 0; p < seen.length; p++) {
            synchronized (seen[p]) {
                BitSet missing = (BitSet) sent[p].clone();
                missing.andNot(seen[p]);
                lost += missing.cardinality();
            }
        }
        return lost;
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
    public long consumed() {
        return consumed.get();
    }

    /** Distinct messages taken. */
    public long distinct() {
        return consumed.get() - duplicates.get();
    }

    public long duplicates() {
        return duplicates.get();
    }
}
