package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.Queue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A subscriber's link batches its acknowledgements on the wire, yet acknowledges every message: a real broker
 * counts each one acknowledged and none left in delivery. A publisher's link does not batch (its sends would wait).
 */
@Timeout(60)
class BatchedAcknowledgementTest {

    @TempDir
    Path dir;

    @Test
    void onlyASubscribersLinkBatchesAndParametersGivenByTheUserWin() {
        ClientOptions options = new ClientOptions("u", "p", "batchDelay=0");
        String subscriber = options.subscriberUrl("h:1");
        assertTrue(subscriber.contains(ClientOptions.BATCHED_ACKNOWLEDGEMENTS), subscriber);
        assertTrue(subscriber.indexOf(ClientOptions.BATCHED_ACKNOWLEDGEMENTS) < subscriber.indexOf("batchDelay=0"),
                "the user's parameter comes later, so it wins: " + subscriber);
        assertFalse(options.url("h:1").contains(ClientOptions.BATCHED_ACKNOWLEDGEMENTS), options.url("h:1"));
    }

    @Test
    void everyMessageIsAcknowledgedAtTheBroker() throws Exception {
        int messages = 500;
        try (LocalBrokers brokers = new LocalBrokers(dir);
             TopologyClient client = new TopologyClient(brokers.map(1, 1), brokers.options())) {
            AtomicInteger received = new AtomicInteger();
            client.subscriber("key = 'k'", m -> received.incrementAndGet());
            Publisher publisher = client.publisher(false);
            Outgoing message = new Outgoing(new byte[100], Map.of("key", "k"), null);
            for (int i = 0; i < messages; i++) {
                publisher.publish(message);
            }
            Queue queue = brokers.server(0).locateQueue(
                    SimpleString.of(brokers.subscriptions(0).iterator().next()));
            long deadline = System.nanoTime() + 20_000_000_000L;
            while (queue.getMessagesAcknowledged() < messages && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertEquals(messages, received.get(), "delivered");
            assertEquals(messages, queue.getMessagesAcknowledged(), "acknowledged, each on its own");
            assertEquals(0, queue.getDeliveringCount(), "none left in delivery");
            assertEquals(0, queue.getMessageCount(), "none left in the subscription");
        }
    }
}
