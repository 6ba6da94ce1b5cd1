package io.brokerwise.broker.metrics;

import io.brokerwise.broker.BrokerLogins;
import io.brokerwise.broker.BrokerRole;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.Optional;
import org.apache.activemq.artemis.core.server.ActiveMQServer;
import org.apache.activemq.artemis.core.server.metrics.ActiveMQMetricsPlugin;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;

/**
 * Artemis's Micrometer metrics in a Prometheus registry, plus Brokerwise's own meters for the topology's topics
 * ({@link TopicMeters}) and queues ({@link QueueMeters}), served in the Prometheus text format by the broker process
 * itself ({@link MetricsEndpoint}) to the users whose role reads metrics ({@link BrokerRole#readsMetrics}), checked
 * against the broker's own users, so a rotated password holds for the endpoint as for the acceptor. broker.xml names
 * it under {@code <metrics><plugin>} with its properties: {@value #TOPICS} (comma-separated; {@value #TOPIC} for one), {@value #BIND} ({@code host:port}; port 0
 * picks a free one) and, for a broker carrying replicas of queues, {@value #QUEUES} (their names, comma-separated).
 */
public final class PrometheusMetricsPlugin implements ActiveMQMetricsPlugin {

    public static final String TOPICS = "topics";
    /** The one topic of a broker that carries one, as broker.xml named it before a broker carried several. */
    public static final String TOPIC = "topic";
    public static final String BIND = "bind";
    public static final String QUEUES = "queues";
    /** The heap in one series: readers need not sum pools whose names hold spaces. */
    static final String HEAP_USED = "brokerwise.jvm.heap.used";
    private static final long serialVersionUID = 1L;

    private transient PrometheusMeterRegistry registry;
    private transient Map<String, String> options;
    private transient MetricsEndpoint endpoint;
    /** Micrometer keeps only weak references to what its function meters read. */
    private transient CgroupCpu cpu;

    @Override
    public ActiveMQMetricsPlugin init(Map<String, String> options) {
        this.options = Map.copyOf(options);
        this.registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
        registry.config().meterFilter(withoutSubscriptionQueues(topics()));
        return this;
    }

    @Override
    public MeterRegistry getRegistry() {
        return registry;
    }

    @Override
    public void registered(ActiveMQServer server) {
        Runnable refreshHeld = TopicMeters.bind(server, topics(), registry);
        QueueMeters.bind(server, queues(), registry);
        cpu = CgroupCpu.bind(registry);
        Gauge.builder(HEAP_USED, ManagementFactory.getMemoryMXBean(), m -> m.getHeapMemoryUsage().getUsed())
                .strongReference(true).baseUnit("bytes")
                .description("JVM heap in use (the sum of Artemis's jvm_memory_used_bytes{area=\"heap\"})")
                .register(registry);
        try {
            BrokerLogins logins = logins(server);
            endpoint = MetricsEndpoint.start(address(required(BIND)), registry,
                    (user, password) -> logins.roleOf(user, password).filter(BrokerRole::readsMetrics).isPresent(),
                    refreshHeld);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serve metrics on " + options.get(BIND), e);
        }
    }

    /**
     * Leaves out Artemis's meters of the topics' subscription queues (17 a queue), keeping its address's. A broker
     * holds one queue per subscriber, and a PSR broker thousands of them: with their meters, registering a
     * subscription registers 17 meters too, and a scrape of a broker with 5,000 subscriptions is about 85,000
     * series, which took a saturated half-core broker up to 7 s to serve and, under a 10 s timeout, failed the
     * measurement. The subscriptions are non-durable and come and go with their subscribers; {@link TopicMeters}
     * counts what a measurement needs.
     */
    private static MeterFilter withoutSubscriptionQueues(List<String> topics) {
        Set<String> names = Set.copyOf(topics);
        return MeterFilter.deny(id -> id.getTag("queue") != null && id.getTag("address") != null
                && names.contains(id.getTag("address")));
    }

    private List<String> topics() {
        String one = options.get(TOPIC);
        return one != null ? List.of(one) : List.of(required(TOPICS).split(","));
    }

    /** Where the endpoint listens, once the broker has started. */
    public Optional<InetSocketAddress> endpointAddress() {
        return Optional.ofNullable(endpoint).map(MetricsEndpoint::address);
    }

    /** Stops serving; the broker's shutdown does not know about the endpoint. */
    public void stop() {
        if (endpoint != null) {
            endpoint.stop();
        }
    }

    /** The broker's users; a broker started otherwise than through EmbeddedBroker would serve its metrics to no one. */
    private static BrokerLogins logins(ActiveMQServer server) {
        if (server.getSecurityManager() instanceof ActiveMQJAASSecurityManager jaas
                && jaas.getConfiguration() instanceof BrokerLogins logins) {
            return logins;
        }
        throw new IllegalStateException("the metrics endpoint needs the broker's users: start the broker through "
                + "EmbeddedBroker");
    }

    private List<String> queues() {
        String names = options.get(QUEUES);
        return names == null || names.isBlank() ? List.of() : List.of(names.split(","));
    }

    private String required(String key) {
        String value = options == null ? null : options.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("metrics plugin property '" + key + "' is missing in broker.xml");
        }
        return value;
    }

    private static InetSocketAddress address(String hostPort) {
        int colon = hostPort.lastIndexOf(':');
        return new InetSocketAddress(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)));
    }
}
