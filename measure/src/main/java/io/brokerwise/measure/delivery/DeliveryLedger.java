package io.brokerwise.measure.delivery;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * What each publisher sent, and when, against what each subscriber received: message {@code seq} of publisher
 * {@code p} carries key {@code seq mod keys}, and subscriber {@code s} selects key {@code s mod keys}, so what a
 * subscriber should have received follows from the sends alone. Over several topics, publisher {@code p} sends to
 * topic {@code p mod topics} and subscriber {@code s} reads topic {@code (s / keys) mod topics}, so that every topic
 * has subscribers of every key.
 */
final class DeliveryLedger {

    private final int keys;
    private final int topics;
    private final long[][] sentAtMillis;
    private final AtomicIntegerArray sent;
    private final BitSet[][] received;
    /** Per subscriber, when each message that had already arrived arrived again. */
    private final List<List<Long>> duplicates = new ArrayList<>();
    private final BitSet[] failed;
    /** Per subscriber and publisher, the send time of the latest-sent message that arrived. */
    private final long[][] latestSentReceived;

    DeliveryLedger(int publishers, int subscribers, int keys, int topics, int messagesPerPublisher) {
        this.keys = keys;
        this.topics = topics;
        this.sentAtMillis = new long[publishers][messagesPerPublisher];
        this.sent = new AtomicIntegerArray(publishers);
        this.received = new BitSet[subscribers][publishers];
        for (int s = 0; s < subscribers; s++) {
            duplicates.add(new ArrayList<>());
        }
        this.latestSentReceived = new long[subscribers][publishers];
        this.failed = new BitSet[publishers];
        for (int p = 0; p < publishers; p++) {
            failed[p] = new BitSet();
        }
        for (BitSet[] perPublisher : received) {
            for (int p = 0; p < publishers; p++) {
                perPublisher[p] = new BitSet(messagesPerPublisher);
            }
        }
    }

    int keyOf(int seq) {
        return seq % keys;
    }

    int keyOfSubscriber(int subscriber) {
        return subscriber % keys;
    }

    int topicOfPublisher(int publisher) {
        return publisher % topics;
    }

    int topicOfSubscriber(int subscriber) {
        return subscriber / keys % topics;
    }

    /** Whether subscriber {@code s} reads the topic publisher {@code p} sends to. */
    private boolean reads(int s, int p) {
        return topicOfSubscriber(s) == topicOfPublisher(p);
    }

    /** Called by publisher {@code p}'s thread alone, in sequence order, once the send returned. */
    void sent(int p, int seq, long millis) {
        sentAtMillis[p][seq] = millis;
        sent.set(p, seq + 1);
    }

    /** A send that threw: no subscriber should have that message. Publisher {@code p}'s thread alone. */
    void failed(int p, int seq) {
        synchronized (failed[p]) {
            failed[p].set(seq);
        }
        sent.set(p, seq + 1);
    }

    /** Message {@code seq} of publisher {@code p}, sent at {@code sentMillis} (as it says), arrived. */
    void received(int subscriber, int p, int seq, long sentMillis) {
        BitSet seen = received[subscriber][p];
        synchronized (seen) {
            latestSentReceived[subscriber][p] = Math.max(latestSentReceived[subscriber][p], sentMillis);
            if (seen.get(seq)) {
                synchronized (duplicates) {
                    duplicates.get(subscriber).add(System.currentTimeMillis());
                }
            } else {
                seen.set(seq);
            }
        }
    }

    /**
     * The send time up to which every subscriber has heard from every publisher of its topic: each has received a
     * message that each such publisher sent at this time or later. Once it passes the end of an outage, every path through the
     * brokers carries messages again. 0 while some subscriber has heard nothing from some publisher.
     */
    long caughtUpMillis() {
        long caughtUp = Long.MAX_VALUE;
        for (int s = 0; s < received.length; s++) {
            for (int p = 0; p < sent.length(); p++) {
                if (!reads(s, p)) {
                    continue;
                }
                synchronized (received[s][p]) {
                    caughtUp = Math.min(caughtUp, latestSentReceived[s][p]);
                }
            }
        }
        return caughtUp;
    }

    /** How many sends returned in each second from {@code startMillis} on, failed ones left out. */
    List<Integer> sentPerSecond(long startMillis) {
        List<Integer> perSecond = new ArrayList<>();
        for (int p = 0; p < sent.length(); p++) {
            for (int seq = 0; seq < sent.get(p); seq++) {
                if (isFailed(p, seq)) {
                    continue;
                }
                int second = (int) Math.max(0, (sentAtMillis[p][seq] - startMillis) / 1_000);
                while (perSecond.size() <= second) {
                    perSecond.add(0);
                }
                perSecond.set(second, perSecond.get(second) + 1);
            }
        }
        return perSecond;
    }

    /** Messages whose send returned. */
    long sentTotal() {
        long total = 0;
        for (int p = 0; p < sent.length(); p++) {
            synchronized (failed[p]) {
                total += sent.get(p) - failed[p].cardinality();
            }
        }
        return total;
    }

    private boolean isFailed(int p, int seq) {
        synchronized (failed[p]) {
            return failed[p].get(seq);
        }
    }

    /**
     * What subscriber {@code s} of {@code topic} should have received and did not, with each missing message's send
     * time.
     */
    SubscriberDelivery delivery(int s, String topic, boolean durable, String selector, int group,
                                List<String> brokers) {
        long expected = 0;
        long got = 0;
        List<Long> missing = new ArrayList<>();
        for (int p = 0; p < sent.length(); p++) {
            if (!reads(s, p)) {
                continue;
            }
            BitSet seen = received[s][p];
            synchronized (seen) {
                for (int seq = 0; seq < sent.get(p); seq++) {
                    if (keyOf(seq) != keyOfSubscriber(s) || isFailed(p, seq)) {
                        continue;
                    }
                    expected++;
                    if (seen.get(seq)) {
                        got++;
                    } else {
                        missing.add(sentAtMillis[p][seq]);
                    }
                }
            }
        }
        List<Long> again;
        synchronized (duplicates) {
            again = List.copyOf(duplicates.get(s));
        }
        return new SubscriberDelivery(s, topic, durable, selector, group, brokers, expected, got, again.size(),
                MessageSpan.of(missing), MessageSpan.of(again));
    }
}
