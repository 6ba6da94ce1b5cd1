package io.brokerwise.client;

import static io.brokerwise.client.ReplicaBrokers.QUEUE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A replicated queue on 1, 2 and 3 real brokers: clients of three "processes" (three clients, each seeing only the
 * routing map and its own clients) placed by ElectQueue against the counts the brokers report, every message taken
 * once; selectors on queue consumers; a replica whose consumers all leave hands its messages to the others.
 */
@Timeout(120)
class ReplicatedQueueTest {

    private static final int PER_PRODUCER = 300;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0} replicas")
    @ValueSource(ints = {1, 2, 3})
    void producersAndConsumersOfThreeProcessesBalanceAndEveryMessageArrivesOnce(int k) throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, k)) {
            Received received = new Received();
            // The first process takes one consumer more than a replica's share, so the second must see its counts
            // to even them out: electing on its own clients alone it would start again at the first replica.
            TopologyClient first = new TopologyClient(brokers.observed(), brokers.options());
            TopologyClient second = null;
            TopologyClient producing = null;
            try {
                for (int c = 0; c < k + 1; c++) {
                    first.queueReceiver(QUEUE, null, received);
                }
                second = new TopologyClient(brokers.observed(), brokers.options());
                for (int c = 0; c < k - 1; c++) {
                    second.queueReceiver(QUEUE, null, received);
                }
                producing = new TopologyClient(brokers.observed(), brokers.options());
                List<QueueSender> senders = new ArrayList<>();
                for (int p = 0; p < 2 * k; p++) {
                    senders.add(producing.queueSender(QUEUE, false));
                }
                for (int i = 0; i < k; i++) {
                    int replica = i;
                    await(() -> brokers.queue(replica).getConsumerCount() == 2 && brokers.producers(replica) == 2,
                            "two consumers and two producers at replica " + i + " (x_i = y_i = 1/k)");
                }
                int sent = send(senders, "m");
                await(() -> received.total() >= sent, "every message consumed");
                assertEquals(sent, received.ids.size(), "none lost");
                assertEquals(0, received.duplicates(), "none twice");
            } finally {
                first.close();
                if (second != null) {
                    second.close();
                }
                if (producing != null) {
                    producing.close();
                }
            }
        }
    }

    @Test
    void aConsumerWithASelectorReadsEveryReplicaAndTakesOnlyWhatItMatches() throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 2);
             TopologyClient client = new TopologyClient(brokers.observed(), brokers.options())) {
            Received a = new Received();
            Received b = new Received();
            for (int c = 0; c < 2; c++) {
                client.queueReceiver(QUEUE, "key = 'a'", a);
                client.queueReceiver(QUEUE, "key = 'b'", b);
            }
            List<QueueSender> senders = List.of(client.queueSender(QUEUE, false), client.queueSender(QUEUE, false));
            await(() -> brokers.queue(0).getConsumerCount() == 4 && brokers.queue(1).getConsumerCount() == 4,
                    "each selective consumer at both replicas");
            int sent = send(senders, "m");
            await(() -> a.total() + b.total() >= sent, "every message consumed");
            assertTrue(a.ids.keySet().stream().allMatch(id -> key(id).equals("a")), "a's consumers took only a");
            assertTrue(b.ids.keySet().stream().allMatch(id -> key(id).equals("b")), "b's consumers took only b");
            assertEquals(sent, a.ids.size() + b.ids.size());
            assertEquals(0, a.duplicates() + b.duplicates());
        }
    }

    /** All consumers of one replica leave; its producer goes on sending there; the other replica's consumers get all. */
    @Test
    void aReplicaWhoseConsumersAllLeaveHandsItsMessagesToTheOther() throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 2);
             TopologyClient client = new TopologyClient(brokers.observed(), brokers.options())) {
            await(brokers::joined, "the replicas see each other");
            Received received = new Received();
            List<QueueReceiver> receivers = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                receivers.add(client.queueReceiver(QUEUE, null, received));
            }
            List<QueueSender> senders = List.of(client.queueSender(QUEUE, false), client.queueSender(QUEUE, false));
            for (QueueReceiver r : receivers) {
                if (r.replicas().equals(List.of(brokers.address(1)))) {
                    r.close();
                }
            }
            assertEquals(0, brokers.queue(1).getConsumerCount(), "replica 1 has no consumer left");
            long before = brokers.queue(0).getMessagesAdded();
            int sent = send(senders, "m");
            await(() -> received.total() >= sent, "every message consumed at replica 0");
            assertEquals(sent, received.ids.size(), "none lost");
            assertEquals(0, received.duplicates(), "none twice");
            long moved = brokers.queue(0).getMessagesAdded() - before - PER_PRODUCER;
            assertEquals(PER_PRODUCER, moved, "replica 1's messages moved to replica 0");
            System.err.printf("replicated-queue: %d messages moved from the replica without consumers%n", moved);
        }
    }

    @Test
    void aQueueTheLayoutDoesNotCarryIsRefusedNamingTheOnesItDoes() throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 1);
             TopologyClient client = new TopologyClient(brokers.observed(), brokers.options())) {
            InvalidDestinationException e = assertThrows(InvalidDestinationException.class,
                    () -> client.queueSender("orders", false));
            assertTrue(e.getMessage().contains("[" + QUEUE + "]") && e.getMessage().contains("spec.queues"),
                    e.getMessage());
        }
    }

    /** Sends {@value #PER_PRODUCER} messages from each sender, keys alternating a and b; returns how many. */
    private static int send(List<QueueSender> senders, String prefix) throws JMSException {
        int sent = 0;
        for (int p = 0; p < senders.size(); p++) {
            for (int i = 0; i < PER_PRODUCER; i++) {
                String id = prefix + p + "-" + i + (i % 2 == 0 ? "-a" : "-b");
                senders.get(p).send(new Outgoing("x".getBytes(StandardCharsets.UTF_8),
                        Map.of(Deliveries.ID, id, "key", key(id)), null));
                sent++;
            }
        }
        return sent;
    }

    private static String key(String id) {
        return id.substring(id.length() - 1);
    }

    /** Every message id consumed, and how often. */
    private static final class Received implements MessageListener {
        final Map<String, AtomicInteger> ids = new ConcurrentHashMap<>();

        @Override
        public void onMessage(Message m) {
            try {
                ids.computeIfAbsent(m.getStringProperty(Deliveries.ID), id -> new AtomicInteger()).incrementAndGet();
            } catch (JMSException e) {
                throw new IllegalStateException(e);
            }
        }

        int total() {
            return ids.values().stream().mapToInt(AtomicInteger::get).sum();
        }

        long duplicates() {
            return ids.values().stream().filter(n -> n.get() > 1).count();
        }
    }

    /** Waits up to 30 s for {@code condition}, failing the test naming {@code what} if it never holds. */
    static void await(ThrowingCondition condition, String what) throws Exception {
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, "within 30 s: " + what);
            Thread.sleep(20);
        }
    }

    interface ThrowingCondition {
        boolean holds() throws Exception;
    }
}
