package io.brokerwise.broker.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Consumer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.ServerConsumer;
import org.apache.activemq.artemis.core.server.ServerProducer;
import org.apache.activemq.artemis.core.server.ServerSession;

/**
 * What the operator publishes in the routing map for each replica of a topology's queue that this broker carries,
 * beyond what Artemis's own meters of the queue say: {@value #PRODUCERS}, the producers attached to the queue's
 * address, which Artemis counts per connection and session but not per address; {@value #CONSUMERS}, the consumers
 * attached at Artemis's default priority or above, those whose home the replica is. A receiver's relief consumers,
 * at a lower priority, take what the replica's own consumers have no credit for, and are not counted: ElectQueue
 * balances homes. The rest are Artemis's, tagged with the queue's name: {@value BrokerScrape#QUEUE_DEPTH},
 * {@value BrokerScrape#QUEUE_ADDED} and {@value BrokerScrape#QUEUE_ACKNOWLEDGED}.
 */
public final class QueueMeters {

    static final String PRODUCERS = "brokerwise.queue.producers";
    static final String CONSUMERS = "brokerwise.queue.consumers";

    private QueueMeters() {
    }

    static void bind(ActiveMQServer server, List<String> queues, MeterRegistry registry) {
        for (String queue : queues) {
            Gauge.builder(PRODUCERS, server, s -> producers(s, queue)).tag("queue", queue)
                    .description("Producers attached to the queue's address").register(registry);
            Gauge.builder(CONSUMERS, server, s -> homeConsumers(s, queue)).tag("queue", queue)
                    .description("Consumers attached to the queue at the default priority or above").register(registry);
        }
    }

    /**
     * Consumers of the queue at priority 0 or above; the redistributor that hands messages to another replica is
     * not a {@link ServerConsumer}, and not counted.
     */
    public static int homeConsumers(ActiveMQServer server, String queue) {
        Queue q = server.locateQueue(SimpleString.of(queue));
        if (q == null) {
            return 0;
        }
        int consumers = 0;
        for (Consumer c : q.getConsumers()) {
            consumers += c instanceof ServerConsumer && c.getPriority() >= 0 ? 1 : 0;
        }
        return consumers;
    }

    /** Producers bound to the address; an anonymous producer (a bridge's, or a JMS producer without one) is not. */
    private static double producers(ActiveMQServer server, String address) {
        long producers = 0;
        for (ServerSession session : server.getSessions()) {
            for (ServerProducer producer : session.getServerProducers()) {
                if (address.equals(producer.getAddress())) {
                    producers++;
                }
            }
        }
        return producers;
    }
}
