package io.brokerwise.measure.delivery;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.Outgoing;
import io.brokerwise.client.Publisher;
import io.brokerwise.client.Subscriber;
import io.brokerwise.client.Subscription;
import io.brokerwise.client.TopologyClient;
import io.brokerwise.measure.ClientEnvironment;
import io.brokerwise.measure.DurationConverter;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * A bounded load through the client library on a deployed topology, every message counted: publishers send at the
 * schedule's rate, spread over the topics loaded, subscribers select one key each on one topic (a durable
 * subscription each on {@code --durable-topic}), and the client follows the routing map while it runs, as an
 * application does. At the end (after a drain) it prints one {@link DeliveryReport} line: per subscriber, what was
 * published to its selector against what arrived, duplicates, and when the missing messages were sent. What a
 * fault or a scaling must not lose, a test reads from it.
 */
@Command(name = "brokerwise-delivery-check", mixinStandardHelpOptions = true,
        description = "Publish a counted load on a routing map's layout and report, per subscriber, what was lost.")
public final class DeliveryCheck implements Callable<Integer> {

    /** Logged, with the wall-clock millis, when the subscribers are in place and the publishers start. */
    public static final String LOAD_STARTED = "delivery-check: load started at ";

    static final String KEY = "dc_key";
    static final String PUBLISHER = "dc_pub";
    static final String SEQUENCE = "dc_seq";
    static final String SENT_AT = "dc_at";

    @Option(names = "--routing-map", defaultValue = "/etc/brokerwise/routing/routing.json")
    Path routingMap;
    @Option(names = "--schedule", defaultValue = "${env:SCHEDULE:-50x60s}",
            description = "aggregate messages/s by phase, such as 50x60s,200x120s (default: $SCHEDULE or 50x60s)")
    String schedule;
    @Option(names = "--publishers", defaultValue = "${env:PUBLISHERS:-4}")
    int publishers;
    @Option(names = "--subscribers", defaultValue = "${env:SUBSCRIBERS:-8}")
    int subscribers;
    @Option(names = "--keys", defaultValue = "${env:KEYS:-4}",
            description = "selector keys: each message matches the subscribers of one key (default 4)")
    int keys;
    @Option(names = "--message-bytes", defaultValue = "${env:MESSAGE_BYTES:-256}")
    int messageBytes;
    @Option(names = "--drain", defaultValue = "${env:DRAIN:-10s}", converter = DurationConverter.class,
            description = "how long to wait for messages in flight after the last send")
    Duration drain;
    @Option(names = "--watch-period", defaultValue = "${env:WATCH_PERIOD:-2s}", converter = DurationConverter.class,
            description = "how often the routing map is re-read")
    Duration watchPeriod;
    @Option(names = "--client-index", defaultValue = "${env:CLIENT_INDEX:-0}")
    int clientIndex;
    @Option(names = "--control", defaultValue = "${env:CONTROL}",
            description = "a file read every 200 ms while the load runs: 'phase N' moves the schedule on to its "
                    + "phase N (0-based) now, 'stop' ends the load; the schedule bounds the load either way")
    Path control;
    @Option(names = "--progress-period", defaultValue = "${env:PROGRESS_PERIOD:-1s}",
            converter = DurationConverter.class, description = "how often a progress line is printed: sends so far, and the send time up to which every "
                    + "subscriber has received from every publisher")
    Duration progressPeriod;

    @Option(names = "--topics", split = ",", paramLabel = "TOPIC", description = "the topics to load: publisher p "
            + "sends to the p-th (modulo their number), and each topic has subscribers of every key (default: every "
            + "topic of the routing map)")
    List<String> topics;
    @Option(names = "--durable-topic", paramLabel = "TOPIC", description = "one of --topics whose publishers send "
            + "persistent messages and whose subscribers each hold an unshared durable subscription (a client ID of "
            + "their own), removed when the check ends")
    String durableTopic;

    @Option(names = "--queue", description = "one of the layout's replicated queues: its producers send at the "
            + "schedule's rate too, beside the topic's publishers, and its consumers' count joins the report")
    String queue;
    @Option(names = "--queue-producers", defaultValue = "2")
    int queueProducers;
    @Option(names = "--queue-consumers", defaultValue = "2")
    int queueConsumers;

    @Spec
    CommandSpec spec;

    /** Where progress goes: printed, and in a test in this JVM also seen by the test. */
    Consumer<DeliveryProgress> progress = p -> System.out.println(p.line());

    private final AtomicLong sendFailures = new AtomicLong();
    private final AtomicInteger routingChanges = new AtomicInteger();

    @Override
    public Integer call() throws Exception {
        if (publishers < 1 || subscribers < 1 || keys < 1 || messageBytes < 0 || queueProducers < 1
                || queueConsumers < 1) {
            throw new ParameterException(spec.commandLine(), "--publishers, --subscribers, --keys, --queue-producers "
                    + "and --queue-consumers must be at least 1, --message-bytes at least 0");
        }
        try {
            LoadSchedule.parse(schedule);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--schedule: " + e.getMessage());
        }
        System.out.println(run(ClientEnvironment.options()).line());
        return 0;
    }

    /**
     * The topics to load: {@code --topics}, or every topic of the map; refused when the map lacks one or when some
     * topic would have no publisher.
     */
    private List<String> topics(RoutingMap map) {
        List<String> loaded = topics == null ? map.topics() : topics;
        for (String topic : loaded) {
            if (!map.topics().contains(topic)) {
                throw new ParameterException(spec.commandLine(), "--topics: '" + topic + "' is not a topic of the "
                        + "routing map, which has " + map.topics());
            }
        }
        if (publishers < loaded.size()) {
            // a topic without a publisher would count nothing for its subscribers, and so lose nothing
            throw new ParameterException(spec.commandLine(), "--publishers: " + publishers + " cannot load the "
                    + loaded.size() + " topics " + loaded + ": give at least one publisher per topic, or fewer "
                    + "--topics");
        }
        if (durableTopic != null && !loaded.contains(durableTopic)) {
            throw new ParameterException(spec.commandLine(), "--durable-topic: '" + durableTopic + "' is not one of "
                    + "the topics loaded, " + loaded);
        }
        return loaded;
    }

    /** Runs the load to the end of its schedule (or the control file's stop) and the drain, and counts. */
    DeliveryReport run(ClientOptions options) throws Exception {
        LoadSchedule load = LoadSchedule.parse(schedule);
        RoutingMap first = RoutingMapWatcher.read(routingMap);
        List<String> loaded = topics(first);
        DeliveryLedger ledger = new DeliveryLedger(publishers, subscribers, keys, loaded.size(),
                load.messagesPerPublisher(publishers));
        try (TopologyClient client = new TopologyClient(first, options, clientIndex);
             RoutingMapWatcher watcher = RoutingMapWatcher.watch(routingMap, followed(client), watchPeriod,
                     problem -> System.err.println("delivery-check: " + problem))) {
            List<Subscriber> subs = subscribe(client, ledger, loaded);
            long start = System.currentTimeMillis();
            long startNanos = System.nanoTime();
            LoadPacer pacer = new LoadPacer(load, startNanos, start);
            System.out.println(LOAD_STARTED + start);
            QueueTraffic queued = null;
            try (Progress running = Progress.start(ledger, pacer, control, progressPeriod, progress)) {
                if (queue != null) {
                    queued = QueueTraffic.start(client, queue, queueProducers, queueConsumers, pacer, load,
                            messageBytes, startNanos);
                }
                publish(client, pacer, load, ledger, loaded, startNanos);
                if (queued != null) {
                    queued.awaitProducers(drain.plusMinutes(1).toMillis());
                }
                Thread.sleep(drain.toMillis());
            }
            List<SubscriberDelivery> counts = new ArrayList<>();
            for (int s = 0; s < subs.size(); s++) {
                Subscriber sub = subs.get(s);
                counts.add(ledger.delivery(s, sub.topic(), sub.subscription().durable(), sub.selector(), sub.group(),
                        sub.brokers()));
            }
            unsubscribeDurable(client, subs);
            return new DeliveryReport(start, load, pacer.phaseStarts(), ledger.sentTotal(),
                    ledger.sentPerSecond(start), sendFailures.get(), routingChanges.get(), counts,
                    queued == null ? null : queued.count());
        }
    }

    /** The client, counting the maps it moves to. */
    private RoutingMapWatcher.Follower followed(TopologyClient client) {
        return new RoutingMapWatcher.Follower() {
            @Override
            public RoutingMap routingMap() {
                return client.routingMap();
            }

            /** The map the check's clients last followed whole: a failed update is retried, and counts once. */
            private RoutingMap followed = client.routingMap();

            /** A map that changes only the queues' routes (their counts, their replicas) is no layout move. */
            @Override
            public void update(RoutingMap next) throws Exception {
                boolean moves = !next.withQueues(List.of()).equals(followed.withQueues(List.of()));
                client.update(next);
                followed = next;
                if (moves) {
                    routingChanges.incrementAndGet();
                    System.err.printf("delivery-check: moved to %d x %d at %d%n", next.publisherGroups(),
                            next.subscriberGroups(), System.currentTimeMillis());
                }
            }
        };
    }

    /**
     * Each subscriber on its topic, selecting its key. One of the durable topic holds an unshared durable
     * subscription of a client ID of its own, placed by that ID as an application's is, so it moves and drains with
     * its column.
     */
    private List<Subscriber> subscribe(TopologyClient client, DeliveryLedger ledger, List<String> loaded)
            throws JMSException {
        List<Subscriber> subs = new ArrayList<>();
        for (int s = 0; s < subscribers; s++) {
            int subscriber = s;
            String topic = loaded.get(ledger.topicOfSubscriber(s));
            Subscription subscription = topic.equals(durableTopic)
                    ? Subscription.durable("delivery-check", "delivery-check-" + clientIndex + "-" + s)
                    : Subscription.NON_DURABLE;
            subs.add(client.subscriber(topic, KEY + " = " + ledger.keyOfSubscriber(s), subscription,
                    m -> count(ledger, subscriber, m)));
        }
        return subs;
    }

    /** The durable subscriptions go with the check, and what they still hold with them. */
    private static void unsubscribeDurable(TopologyClient client, List<Subscriber> subs) {
        for (Subscriber s : subs) {
            if (s.subscription().durable()) {
                try {
                    client.unsubscribe(s);
                } catch (JMSException e) {
                    System.err.println("delivery-check: could not remove durable subscription "
                            + s.subscription().clientId() + ": " + e);
                }
            }
        }
    }

    private static void count(DeliveryLedger ledger, int subscriber, Message m) {
        try {
            ledger.received(subscriber, m.getIntProperty(PUBLISHER), m.getIntProperty(SEQUENCE),
                    m.getLongProperty(SENT_AT));
        } catch (JMSException e) {
            System.err.println("delivery-check: unreadable message: " + e);
        }
    }

    /** One thread per publisher on its topic, each at its share of the pacer's rate, none past the schedule's end. */
    private void publish(TopologyClient client, LoadPacer pacer, LoadSchedule load, DeliveryLedger ledger,
                         List<String> loaded, long start) throws Exception {
        List<Thread> threads = new ArrayList<>();
        for (int p = 0; p < publishers; p++) {
            String topic = loaded.get(ledger.topicOfPublisher(p));
            Publisher publisher = client.publisher(topic, topic.equals(durableTopic));
            int index = p;
            Thread t = new Thread(() -> publishLoop(publisher, index, pacer, load, ledger, start), "publisher-" + p);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join(load.length().plus(drain).plusMinutes(1).toMillis());
        }
    }

    private void publishLoop(Publisher publisher, int p, LoadPacer pacer, LoadSchedule load, DeliveryLedger ledger,
                             long start) {
        byte[] body = new byte[messageBytes];
        pacer.pace(publishers, load.messagesPerPublisher(publishers), start, seq -> {
            try {
                publisher.publish(new Outgoing(body, Map.of(KEY, ledger.keyOf(seq), PUBLISHER, p, SEQUENCE, seq,
                        SENT_AT, System.currentTimeMillis()), null));
                ledger.sent(p, seq, System.currentTimeMillis());
            } catch (JMSException e) {
                ledger.failed(p, seq); // not sent, so no subscriber should have it; the sequence goes on
                sendFailures.incrementAndGet();
                System.err.println("delivery-check: publisher " + p + " could not send " + seq + ": " + e);
            }
        });
    }

    public static void main(String[] args) {
        System.exit(new CommandLine(new DeliveryCheck()).setExecutionExceptionHandler((e, cmd, parsed) -> {
            System.err.println("delivery-check: " + e.getClass().getSimpleName() + ": " + e.getMessage());
            return 1;
        }).execute(args));
    }
}
