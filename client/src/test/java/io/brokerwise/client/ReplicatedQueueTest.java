package io.brokerwise.client;

import static io.brokerwise.client.ReplicaBrokers.QUEUE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
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
                    await(() -> brokers.consumers(replica) == 2 && brokers.producers(replica) == 2,
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

    /**
     * All consumers of one replica leave; its producer goes on sending there; the other replica's consumers get all.
     * They read their own replica alone (no relief): the brokers' redistribution moves the messages.
     */
    @Test
    void aReplicaWhoseConsumersAllLeaveHandsItsMessagesToTheOther() throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 2);
             TopologyClient client = new TopologyClient(brokers.observed(), brokers.options())) {
            await(brokers::joined, "the replicas see each other");
            Received received = new Received();
            List<QueueReceiver> receivers = new ArrayList<>();
            for (int c = 0; c < 4; c++) {
                receivers.add(client.queueReceiver(QUEUE, null, received, false));
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

    /**
     * Replica 1's only consumer is slow (20 ms a message); replica 0's is not; consumers take one message at a time
     * ({@code consumerWindowSize=0}, Artemis's advice for slow consumers). Artemis alone leaves replica 1's
     * backlog to its own consumer, which still has one, so the slow one takes all of it. With relief, the fast
     * receiver's relief consumer at replica 1 takes what the slow one has no credit for. Prints how long replica 1's
     * messages waited, from send to consumer, and how many the other receiver took.
     */
    @ParameterizedTest(name = "relief {0}")
    @ValueSource(booleans = {true, false})
    void aReplicaWhoseConsumerIsSlowIsRelievedByTheOthers(boolean relief) throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 2);
             TopologyClient client = new TopologyClient(brokers.observed(), oneAtATime(brokers.options()))) {
            Received fast = new Received();
            Received slow = new Received();
            QueueReceiver fastOne = client.queueReceiver(QUEUE, null, fast, relief);
            QueueReceiver slowOne = client.queueReceiver(QUEUE, null, m -> {
                slow.onMessage(m);
                pause(20);
            }, relief);
            assertEquals(brokers.address(0), fastOne.home());
            assertEquals(brokers.address(1), slowOne.home());
            List<QueueSender> senders = List.of(client.queueSender(QUEUE, false), client.queueSender(QUEUE, false));
            await(() -> brokers.queue(1).getConsumerCount() == (relief ? 2 : 1) && brokers.consumers(1) == 1,
                    "replica 1: its own consumer" + (relief ? " and a relief consumer" : ""));
            int sent = send(senders, "m");
            await(() -> fast.total() + slow.total() >= sent, "every message consumed");
            assertEquals(sent, fast.ids.size() + slow.ids.size(), "none lost");
            assertEquals(0, fast.duplicates() + slow.duplicates(), "none twice");
            assertTrue(fast.ids.keySet().stream().noneMatch(slow.ids::containsKey), "none twice");
            long relieved = fast.fromReplica1();
            long own = slow.fromReplica1();
            List<Long> waits = new ArrayList<>(fast.waitsFromReplica1);
            waits.addAll(slow.waitsFromReplica1);
            waits.sort(null);
            System.err.printf("replicated-queue, relief %s: of replica 1's %d messages its slow consumer took %d, "
                    + "the other receiver %d; they waited %d ms (median), %d ms (max)%n", relief, PER_PRODUCER, own,
                    relieved, waits.get(waits.size() / 2), waits.get(waits.size() - 1));
            if (relief) {
                assertTrue(relieved > own, "the fast receiver took most of the slow replica's messages: " + relieved
                        + " against its own consumer's " + own);
            } else {
                assertEquals(PER_PRODUCER, own, "without relief the slow consumer takes its whole replica's backlog");
            }
        }
    }

    /**
     * The map marks replica 1 for removal: its producer and consumer move to replica 0 while messages flow, what
     * was sent there is consumed, and replica 1 is left with no client and no message, ready to go.
     */
    @Test
    void aReplicaMarkedForRemovalLosesItsClientsAndItsMessages() throws Exception {
        try (ReplicaBrokers brokers = new ReplicaBrokers(dir, 2);
             TopologyClient client = new TopologyClient(brokers.observed(), brokers.options())) {
            await(brokers::joined, "the replicas see each other");
            Received received = new Received();
            List<QueueReceiver> receivers = List.of(client.queueReceiver(QUEUE, null, received),
                    client.queueReceiver(QUEUE, null, received));
            List<QueueSender> senders = List.of(client.queueSender(QUEUE, false), client.queueSender(QUEUE, false));
            int sent = send(senders, "before");
            RoutingMap observed = brokers.observed();
            QueueRoute route = observed.queue(QUEUE).orElseThrow();
            client.update(observed.withQueues(List.of(new QueueRoute(QUEUE, List.of(route.replicas().get(0),
                    new QueueRoute.Replica(brokers.address(1), 1, 1, true))))));
            sent += send(senders, "after");
            int all = sent;
            await(() -> received.total() >= all, "every message consumed");
            assertEquals(sent, received.ids.size(), "none lost");
            assertEquals(0, received.duplicates(), "none twice");
            senders.forEach(s -> assertEquals(brokers.address(0), s.replica()));
            receivers.forEach(r -> assertEquals(List.of(brokers.address(0)), r.replicas()));
            await(() -> brokers.producers(1) == 0 && brokers.queue(1).getConsumerCount() == 0
                    && brokers.queue(1).getMessageCount() == 0, "replica 1 with no client and no message");
        }
    }

    /** The same user, each consumer taking one message at a time. */
    private static ClientOptions oneAtATime(ClientOptions options) {
        return new ClientOptions(options.user(), options.password(), "consumerWindowSize=0");
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
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

    /** Every message id consumed, and how often; how long those of replica 1's producer (m1-) waited. */
    private static final class Received implements MessageListener {
        final Map<String, AtomicInteger> ids = new ConcurrentHashMap<>();
        final List<Long> waitsFromReplica1 = Collections.synchronizedList(new ArrayList<>());

        @Override
        public void onMessage(Message m) {
            try {
                String id = m.getStringProperty(Deliveries.ID);
                ids.computeIfAbsent(id, i -> new AtomicInteger()).incrementAndGet();
                if (id.startsWith("m1-")) {
                    waitsFromReplica1.add(System.currentTimeMillis() - m.getJMSTimestamp());
                }
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

        long fromReplica1() {
            return ids.keySet().stream().filter(id -> id.startsWith("m1-")).count();
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
