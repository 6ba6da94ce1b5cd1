package io.brokerwise.broker.metrics;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.List;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.ServerProducer;
import org.apache.activemq.artemis.core.server.ServerSession;

/**
 * What the operator publishes in the routing map for each replica of a topology's queue that this broker carries,
 * beyond what Artemis's own meters of the queue say: {@value #PRODUCERS}, the producers attached to the queue's
 * address, which Artemis counts per connection and session but not per address. The rest are Artemis's, tagged with
 * the queue's name: {@value BrokerScrape#QUEUE_CONSUMERS} (the application's consumers: the redistributor that hands
 * messages to another replica is not counted), {@value BrokerScrape#QUEUE_DEPTH}, {@value BrokerScrape#QUEUE_ADDED}
 * and {@value BrokerScrape#QUEUE_ACKNOWLEDGED}.
 */
final class QueueMeters {

    static final String PRODUCERS = "brokerwise.queue.producers";

    private QueueMeters() {
    }

    static void bind(ActiveMQServer server, List<String> queues, MeterRegistry registry) {
        for (String queue : queues) {
            Gauge.builder(PRODUCERS, server, s -> producers(s, queue)).tag("queue", queue)
                    .description("Producers attached to the queue's address").register(registry);
        }
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
