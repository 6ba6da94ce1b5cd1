package io.brokerwise.operator.autoscaling;

import com.sun.net.httpserver.HttpServer;
import io.brokerwise.broker.metrics.BrokerSample;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * A real HTTP endpoint standing in for a broker's metrics endpoint: the broker's meters in the Prometheus text
 * format, as they are at each request, to anyone; it records the HTTP Basic users it was read as, so a test can
 * check who read it.
 */
public final class BrokerMetricsServer implements AutoCloseable {

    /**
     * The figures a broker counts; the CPU counter stands still. {@code diskStoreUsage} NaN: not served, as Artemis
     * serves none before its first disk scan.
     */
    public record Meters(long received, long dispatched, int producers, int subscriptions, BrokerSample.Held held,
                         double diskStoreUsage, Map<String, BrokerSample.QueueReplica> queues) {

        /** A broker without a journal: nothing held, no disk usage served, no queue. */
        public Meters(long received, long dispatched, int producers, int subscriptions) {
            this(received, dispatched, producers, subscriptions, BrokerSample.Held.NOTHING, Double.NaN);
        }

        /** A broker without queues. */
        public Meters(long received, long dispatched, int producers, int subscriptions, BrokerSample.Held held,
                      double diskStoreUsage) {
            this(received, dispatched, producers, subscriptions, held, diskStoreUsage, Map.of());
        }

        /** The same, carrying these replicas of queues, by name. */
        public Meters with(Map<String, BrokerSample.QueueReplica> replicas) {
            return new Meters(received, dispatched, producers, subscriptions, held, diskStoreUsage, replicas);
        }
    }

    private final HttpServer server;
    private final Set<String> readers;

    private BrokerMetricsServer(HttpServer server, Set<String> readers) {
        this.server = server;
        this.readers = readers;
    }

    public static BrokerMetricsServer serving(Supplier<Meters> meters) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        Set<String> readers = ConcurrentHashMap.newKeySet();
        server.createContext("/metrics", exchange -> {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            if (authorization != null && authorization.startsWith("Basic ")) {
                readers.add(new String(Base64.getDecoder().decode(authorization.substring(6)), StandardCharsets.UTF_8));
            }
            byte[] body = text(meters.get()).getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.start();
        return new BrokerMetricsServer(server, readers);
    }

    /** The users it was read as, {@code user:password} each. */
    public Set<String> readers() {
        return Set.copyOf(readers);
    }

    /** {@code host:port}, as a metrics address. */
    public String address() {
        return "127.0.0.1:" + server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
    }

    private static String text(Meters m) {
        return """
                # TYPE brokerwise_topic_messages_received_total counter
                brokerwise_topic_messages_received_total{topic="orders"} %d
                # TYPE brokerwise_topic_copies_dispatched_total counter
                brokerwise_topic_copies_dispatched_total{topic="orders"} %d
                # TYPE brokerwise_producer_connections gauge
                brokerwise_producer_connections %d
                # TYPE brokerwise_consumer_connections gauge
                brokerwise_consumer_connections %d
                # TYPE brokerwise_topic_subscriptions gauge
                brokerwise_topic_subscriptions{topic="orders"} %d
                # TYPE brokerwise_cpu_seconds_total counter
                brokerwise_cpu_seconds_total 12.5
                # TYPE brokerwise_cpu_limit_cores gauge
                brokerwise_cpu_limit_cores 0.5
                # TYPE brokerwise_jvm_heap_used_bytes gauge
                brokerwise_jvm_heap_used_bytes 1.0E8
                # TYPE brokerwise_topic_held_messages gauge
                brokerwise_topic_held_messages{topic="orders"} %d
                # TYPE brokerwise_topic_durable_subscriptions gauge
                brokerwise_topic_durable_subscriptions{topic="orders"} %d
                """.formatted(m.received(), m.dispatched(), m.producers(), m.subscriptions(), m.subscriptions(),
                m.held().messages(), m.held().subscriptions()) + diskStoreUsage(m.diskStoreUsage())
                + queues(m.queues());
    }

    /** Brokerwise's meters of each replica, and Artemis's own, as a broker serves them. */
    private static String queues(Map<String, BrokerSample.QueueReplica> replicas) {
        StringBuilder text = new StringBuilder();
        replicas.forEach((queue, r) -> text.append("""
                brokerwise_queue_producers{queue="%1$s"} %2$d
                brokerwise_queue_consumers{queue="%1$s"} %3$d
                # TYPE artemis_message_count gauge
                artemis_message_count{address="%1$s",broker="b",queue="%1$s"} %4$d
                artemis_messages_added{address="%1$s",broker="b",queue="%1$s"} %5$d
                artemis_messages_acknowledged{address="%1$s",broker="b",queue="%1$s"} %6$d
                """.formatted(queue, r.producers(), r.consumers(), r.depth(), r.added(), r.acknowledged())));
        return text.toString();
    }

    private static String diskStoreUsage(double usage) {
        return Double.isNaN(usage) ? "" : """
                # TYPE artemis_disk_store_usage gauge
                artemis_disk_store_usage %s
                """.formatted(usage);
    }
}
