package io.brokerwise.broker.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import java.util.stream.Stream;
import io.brokerwise.broker.queues.QueueReplicas;
import org.apache.activemq.artemis.api.core.Message;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.postoffice.Bindings;
import org.apache.activemq.artemis.core.postoffice.QueueBinding;
import org.apache.activemq.artemis.core.postoffice.RoutingStatus;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.Queue;
import org.apache.activemq.artemis.core.server.RoutingContext;
import org.apache.activemq.artemis.core.server.ServerSession;
import org.apache.activemq.artemis.core.server.plugin.ActiveMQServerMessagePlugin;

/**
 * What a measurement needs from a broker, for each of the topology's topics (series tagged {@code topic}; a reader
 * of the broker's totals sums them, {@code BrokerScrape}):
 * <ul>
 *   <li>{@value #RECEIVED} and {@value #DISPATCHED}: messages routed on the topic and the copies that went into
 *       subscription queues, counted as they are routed. Artemis's own per-queue counts vanish with a non-durable
 *       subscription; these counters never go back.</li>
 *   <li>{@value #PRODUCER_CONNECTIONS} and {@value #CONSUMER_CONNECTIONS}: clients' connections with at least one
 *       producer (consumer); a connection with both counts in both. The brokers' own cluster connection between
 *       queue replicas ({@link QueueReplicas#CLUSTER}'s sessions) is no client: a retiring broker it links to
 *       would otherwise never be free to go.</li>
 *   <li>{@value #SUBSCRIPTIONS}: the topic's subscription queues.</li>
 *   <li>{@value #HELD} and {@value #DURABLE_SUBSCRIPTIONS}: messages waiting in the topic's durable subscriptions,
 *       and how many there are. The broker owes them to subscribers that may be away: a broker that holds any is
 *       not retired (docs/persistence.md).</li>
 *   <li>{@value #HELD_BY_SUBSCRIPTION}: the same per durable subscription that holds any, tagged {@code subscription}
 *       with its queue's name (the client ID and the subscription's name), so that a broker kept for one names it.
 *       Subscriptions come and go, so the series are set anew before each scrape ({@link #refresh}); one per
 *       durable subscription holding messages at most.</li>
 * </ul>
 */
final class TopicMeters implements ActiveMQServerMessagePlugin {

    static final String RECEIVED = "brokerwise.topic.messages.received";
    static final String DISPATCHED = "brokerwise.topic.copies.dispatched";
    static final String PRODUCER_CONNECTIONS = "brokerwise.producer.connections";
    static final String CONSUMER_CONNECTIONS = "brokerwise.consumer.connections";
    static final String SUBSCRIPTIONS = "brokerwise.topic.subscriptions";
    static final String HELD = "brokerwise.topic.held.messages";
    static final String DURABLE_SUBSCRIPTIONS = "brokerwise.topic.durable.subscriptions";
    static final String HELD_BY_SUBSCRIPTION = "brokerwise.durable.subscription.held.messages";

    private final SimpleString topic;
    private MultiGauge heldBySubscription;
    private ActiveMQServer server;
    private final LongAdder received = new LongAdder();
    private final LongAdder dispatched = new LongAdder();

    private TopicMeters(SimpleString topic) {
        this.topic = topic;
    }

    /**
     * Each topic's meters, tagged with its name, and the broker's connection gauges; returns what sets the series of
     * each durable subscription holding messages anew, to run before each scrape.
     */
    static Runnable bind(ActiveMQServer server, List<String> topics, MeterRegistry registry) {
        List<TopicMeters> meters = topics.stream().map(topic -> bind(server, topic, registry)).toList();
        Gauge.builder(PRODUCER_CONNECTIONS, server, s -> connectionsWith(s, x -> !x.getServerProducers().isEmpty()))
                .description("Connections with at least one producer").register(registry);
        Gauge.builder(CONSUMER_CONNECTIONS, server, s -> connectionsWith(s, x -> !x.getServerConsumers().isEmpty()))
                .description("Connections with at least one consumer").register(registry);
        return () -> meters.forEach(TopicMeters::refresh);
    }

    private static TopicMeters bind(ActiveMQServer server, String topicName, MeterRegistry registry) {
        TopicMeters meters = new TopicMeters(SimpleString.of(topicName));
        meters.server = server;
        meters.heldBySubscription = MultiGauge.builder(HELD_BY_SUBSCRIPTION)
                .description("Messages waiting in a durable subscription that holds any").register(registry);
        server.registerBrokerPlugin(meters);
        FunctionCounter.builder(RECEIVED, meters.received, LongAdder::sum).tag("topic", topicName)
                .description("Messages routed on the topic").register(registry);
        FunctionCounter.builder(DISPATCHED, meters.dispatched, LongAdder::sum).tag("topic", topicName)
                .description("Copies routed into the topic's subscription queues").register(registry);
        Gauge.builder(SUBSCRIPTIONS, server, s -> meters.subscriptions(s)).tag("topic", topicName)
                .description("Subscription queues on the topic").register(registry);
        Gauge.builder(HELD, server, s -> meters.durable(s).mapToLong(Queue::getMessageCount).sum())
                .tag("topic", topicName)
                .description("Messages waiting in the topic's durable subscriptions").register(registry);
        Gauge.builder(DURABLE_SUBSCRIPTIONS, server, s -> meters.durable(s).count()).tag("topic", topicName)
                .description("Durable subscriptions on the topic").register(registry);
        return meters;
    }

    /** One series per durable subscription of the topic that holds messages now. */
    private void refresh() {
        String name = topic.toString();
        heldBySubscription.register(durable(server).filter(q -> q.getMessageCount() > 0)
                .map(q -> MultiGauge.Row.of(Tags.of("topic", name, "subscription", q.getName().toString()), q,
                        Queue::getMessageCount))
                .toList(), true);
    }

    @Override
    public void afterMessageRoute(Message message, RoutingContext context, boolean direct, boolean rejectDuplicates,
                                  RoutingStatus result) {
        if (topic.equals(message.getAddressSimpleString())) {
            received.increment();
            dispatched.add(context.getQueueCount());
        }
    }

    private double subscriptions(ActiveMQServer server) {
        return queues(server).map(Stream::count).map(Long::doubleValue).orElse(Double.NaN);
    }

    private Stream<Queue> durable(ActiveMQServer server) {
        return queues(server).orElse(Stream.empty()).filter(Queue::isDurable);
    }

    /** The topic's subscription queues; empty if the post office cannot say (the broker is stopping). */
    private Optional<Stream<Queue>> queues(ActiveMQServer server) {
        try {
            Bindings bindings = server.getPostOffice().lookupBindingsForAddress(topic);
            return Optional.of(bindings == null ? Stream.empty() : bindings.getBindings().stream()
                    .filter(b -> b instanceof QueueBinding).map(b -> ((QueueBinding) b).getQueue()));
        } catch (Exception e) {
            return Optional.empty();
        }
    }

    private static double connectionsWith(ActiveMQServer server, Function<ServerSession, Boolean> role) {
        Set<Object> connections = new HashSet<>();
        for (ServerSession session : server.getSessions()) {
            if (role.apply(session) && !QueueReplicas.CLUSTER.equals(session.getUsername())) {
                connections.add(session.getConnectionID());
            }
        }
        return connections.size();
    }
}
