package io.brokerwise.broker.metrics;

import io.brokerwise.broker.BrokerCredentials;
import io.skodjob.testframe.metrics.Counter;
import io.skodjob.testframe.metrics.Gauge;
import io.skodjob.testframe.metrics.Metric;
import io.skodjob.testframe.metrics.PrometheusTextFormatParser;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.DoubleStream;

/**
 * Reads a broker's metrics endpoint ({@code GET http://host:port/metrics}, the Prometheus text format) with a
 * library parser into a {@link BrokerSample}, as the metrics user ({@link io.brokerwise.broker.BrokerRole#METRICS}):
 * measuring needs neither the application's user nor management.
 */
public final class BrokerScrape {

    /** Prometheus names of the meters {@link TopicMeters} and {@link CgroupCpu} register. */
    public static final String RECEIVED = "brokerwise_topic_messages_received_total";
    public static final String DISPATCHED = "brokerwise_topic_copies_dispatched_total";
    public static final String PRODUCER_CONNECTIONS = "brokerwise_producer_connections";
    public static final String CONSUMER_CONNECTIONS = "brokerwise_consumer_connections";
    public static final String SUBSCRIPTIONS = "brokerwise_topic_subscriptions";
    public static final String CPU_SECONDS = "brokerwise_cpu_seconds_total";
    public static final String CPU_LIMIT = "brokerwise_cpu_limit_cores";
    public static final String HEAP_USED = "brokerwise_jvm_heap_used_bytes";
    public static final String HELD = "brokerwise_topic_held_messages";
    public static final String DURABLE_SUBSCRIPTIONS = "brokerwise_topic_durable_subscriptions";
    /** The messages of each durable subscription that holds any, by label {@code subscription}. */
    public static final String HELD_BY_SUBSCRIPTION = "brokerwise_durable_subscription_held_messages";
    /** Artemis's own meter: the share of its data directories' file store in use, what max-disk-usage is compared with. */
    public static final String DISK_STORE_USAGE = "artemis_disk_store_usage";
    /** The producers of each queue the broker carries a replica of ({@link QueueMeters}), by label {@code queue}. */
    public static final String QUEUE_PRODUCERS = "brokerwise_queue_producers";
    /** The consumers each replica counts as its own, for placement ({@link QueueMeters}), by label {@code queue}. */
    public static final String QUEUE_CONSUMERS = "brokerwise_queue_consumers";
    /** Artemis's own meters of each queue, by label {@code queue}. */
    public static final String QUEUE_DEPTH = "artemis_message_count";
    public static final String QUEUE_ADDED = "artemis_messages_added";
    public static final String QUEUE_ACKNOWLEDGED = "artemis_messages_acknowledged";

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private BrokerScrape() {
    }

    /** Scrapes {@code host:port} (bounded: 10 s) as {@code user}. */
    public static BrokerSample of(String metricsAddress, BrokerCredentials user) throws IOException, InterruptedException {
        return parse(text(metricsAddress, user));
    }

    /** The endpoint's text as served to {@code user}. */
    public static String text(String metricsAddress, BrokerCredentials user) throws IOException, InterruptedException {
        String basic = Base64.getEncoder().encodeToString((user.user() + ":" + user.password())
                .getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://" + metricsAddress + MetricsEndpoint.PATH))
                .header("Authorization", "Basic " + basic).timeout(Duration.ofSeconds(10)).GET().build();
        HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("metrics endpoint " + metricsAddress + " answered " + response.statusCode());
        }
        return response.body();
    }

    /**
     * A sample from an endpoint's text, its topic counts summed over the broker's topics; a broker that lacks one of
     * Brokerwise's meters is an error.
     */
    public static BrokerSample parse(String text) throws IOException {
        List<Metric> metrics = PrometheusTextFormatParser.parse(text);
        return new BrokerSample((long) value(metrics, RECEIVED, Map.of()), (long) value(metrics, DISPATCHED, Map.of()),
                (int) value(metrics, PRODUCER_CONNECTIONS, Map.of()), (int) value(metrics, CONSUMER_CONNECTIONS, Map.of()),
                (int) value(metrics, SUBSCRIPTIONS, Map.of()), value(metrics, CPU_SECONDS, Map.of()),
                value(metrics, CPU_LIMIT, Map.of()), value(metrics, HEAP_USED, Map.of()),
                held(metrics), diskStoreUsage(metrics), queues(metrics));
    }

    /**
     * Each queue the broker counts producers of, with Artemis's meters of it; a queue whose meters Artemis does not
     * serve (yet) is left out, as a broker not read.
     */
    private static Map<String, BrokerSample.QueueReplica> queues(List<Metric> metrics) {
        Map<String, BrokerSample.QueueReplica> queues = new HashMap<>();
        metrics.stream().filter(m -> m.getName().equals(QUEUE_PRODUCERS)).map(m -> m.getLabels().get("queue"))
                .filter(Objects::nonNull).forEach(queue -> {
                    Map<String, String> label = Map.of("queue", queue);
                    double[] producers = matching(metrics, QUEUE_PRODUCERS, label);
                    double[] consumers = matching(metrics, QUEUE_CONSUMERS, label);
                    double[] depth = matching(metrics, QUEUE_DEPTH, label);
                    double[] added = matching(metrics, QUEUE_ADDED, label);
                    double[] acknowledged = matching(metrics, QUEUE_ACKNOWLEDGED, label);
                    if (consumers.length > 0 && depth.length > 0 && added.length > 0 && acknowledged.length > 0) {
                        queues.put(queue, new BrokerSample.QueueReplica((int) producers[0], (int) consumers[0],
                                (long) depth[0], (long) added[0], (long) acknowledged[0]));
                    }
                });
        return queues;
    }

    /**
     * A broker of an earlier image serves no held-message meters: it refused durable subscriptions, so it holds
     * nothing for anyone, and a fleet being upgraded stays readable.
     */
    private static BrokerSample.Held held(List<Metric> metrics) {
        double[] messages = matching(metrics, HELD, Map.of());
        double[] subscriptions = matching(metrics, DURABLE_SUBSCRIPTIONS, Map.of());
        if (messages.length == 0 || subscriptions.length == 0) {
            return BrokerSample.Held.NOTHING;
        }
        Map<String, Long> holding = new TreeMap<>();
        metrics.stream().filter(m -> m.getName().equals(HELD_BY_SUBSCRIPTION) && m.getLabels().get("subscription") != null)
                .forEach(m -> number(m).ifPresent(v -> holding.merge(m.getLabels().get("subscription"), v.longValue(),
                        Long::sum)));
        return new BrokerSample.Held((long) DoubleStream.of(messages).sum(), (int) DoubleStream.of(subscriptions).sum(),
                holding);
    }

    /** Artemis serves it once its disk scan has run (5 s after start): NaN before. */
    private static double diskStoreUsage(List<Metric> metrics) {
        double[] usage = matching(metrics, DISK_STORE_USAGE, Map.of());
        return usage.length == 0 ? Double.NaN : usage[0];
    }

    /** The sum of the series of this name: a topic's meter has one per topic, the broker's own one. */
    private static double value(List<Metric> metrics, String name, Map<String, String> labels) throws IOException {
        double[] values = matching(metrics, name, labels);
        if (values.length == 0) {
            throw new IOException("no metric " + name + " in the broker's scrape: is this a Brokerwise broker?");
        }
        return DoubleStream.of(values).sum();
    }

    /** The values of the counters and gauges of this name that carry these labels (and maybe others). */
    private static double[] matching(List<Metric> metrics, String name, Map<String, String> labels) {
        return metrics.stream()
                .filter(m -> m.getName().equals(name) && m.getLabels().entrySet().containsAll(labels.entrySet()))
                .map(BrokerScrape::number).flatMap(Optional::stream).mapToDouble(Double::doubleValue).toArray();
    }

    private static Optional<Double> number(Metric m) {
        if (m instanceof Counter c) {
            return Optional.of(c.getValue());
        }
        if (m instanceof Gauge g) {
            return Optional.of(g.getValue());
        }
        return Optional.empty();
    }
}
