package io.brokerwise.benchmarks.local;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.LoadRun;
import io.brokerwise.measure.PublishingPath;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.SubscriptionRegistration;
import io.brokerwise.measure.Target;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The local brokers of a measurement series, kept running across its points so their JVMs stay warm.
 * Closing it (or the JVM's shutdown) stops every broker and removes every cgroup.
 */
public final class LocalFleet implements AutoCloseable {

    public static final String TOPIC = "brokerwise.bench";

    private final BrokerUsers users = BrokerUsers.generate();
    private final List<LocalBroker> brokers = new ArrayList<>();
    private final boolean quotas;
    private final BrokerNode node;
    private final List<Integer> ports = new ArrayList<>();
    private final PrintStream progress;
    private final Thread cleanup = new Thread(this::closeQuietly, "loadgen-cleanup");
    /** The topics every broker declares: a measurement may spread its load over the first of them. */
    private final int topics;
    private boolean measured;

    private LocalFleet(BrokerNode node, int topics, PrintStream progress) {
        this.node = node;
        this.topics = topics;
        this.progress = progress;
        this.quotas = node.cores() > 0 && CpuQuotaGroup.available();
    }

    /** Starts {@code count} brokers, each on a stand-in for a node of its own; all or none. */
    public static LocalFleet start(int count, BrokerNode node, boolean persistent, Path workDir, PrintStream progress)
            throws IOException, InterruptedException {
        return start(count, node, persistent, 1, workDir, progress);
    }

    /** As {@link #start(int, BrokerNode, boolean, Path, PrintStream)}, every broker declaring {@code topics} topics. */
    public static LocalFleet start(int count, BrokerNode node, boolean persistent, int topics, Path workDir,
                                   PrintStream progress) throws IOException, InterruptedException {
        return start(count, node, persistent, null, QueueReplicas.Balancing.PLACED, topics, workDir, progress);
    }

    /**
     * Starts {@code count} brokers as {@link #start} does, each carrying a replica of {@code queue} beside the topic,
     * joined by their cluster connection: every broker names the others' ports, so all are picked first.
     */
    public static LocalFleet startWithQueue(int count, BrokerNode node, String queue,
                                            QueueReplicas.Balancing balancing, boolean persistent, Path workDir,
                                            PrintStream progress) throws IOException, InterruptedException {
        return start(count, node, persistent, queue, balancing, 1, workDir, progress);
    }

    private static LocalFleet start(int count, BrokerNode node, boolean persistent, String queue,
                                    QueueReplicas.Balancing balancing, int topics, Path workDir, PrintStream progress)
            throws IOException, InterruptedException {
        CpuQuotaGroup.removeStale();
        LocalFleet fleet = new LocalFleet(node, topics, progress);
        Runtime.getRuntime().addShutdownHook(fleet.cleanup);
        int[] free = freePorts(2 * count);
        try {
            for (int i = 0; i < count; i++) {
                fleet.startOne(i, persistent, workDir, free[2 * i], free[2 * i + 1],
                        replicas(queue, free, i).balancedBy(balancing));
                progress.printf("loadgen: broker %d up at %s%s%n", i, fleet.brokers.get(i).address, fleet.quotas
                        ? " with " + node.cores() + " cores per " + node.cpuPeriod().toMillis() + " ms"
                        : " without a CPU quota");
            }
            return fleet;
        } catch (IOException | InterruptedException | RuntimeException e) {
            fleet.close();
            throw e;
        }
    }

    /** Broker {@code i}'s replica of {@code queue} (none when null), every other broker's acceptor its peer. */
    private static QueueReplicas replicas(String queue, int[] free, int i) {
        if (queue == null) {
            return QueueReplicas.NONE;
        }
        List<String> peers = new ArrayList<>();
        for (int b = 0; b < free.length / 2; b++) {
            peers.add("127.0.0.1:" + free[2 * b]);
        }
        String self = peers.remove(i);
        return new QueueReplicas(List.of(queue), self, peers);
    }

    private void startOne(int i, boolean persistent, Path workDir, int port, int metricsPort, QueueReplicas queues)
            throws IOException, InterruptedException {
        BrokerConfiguration config = BrokerConfiguration.forLoopback("b" + i, TOPIC, persistent, port,
                workDir.resolve("b" + i + "/data").toString()).withTopics(topicNames(topics))
                .withMetricsPort(metricsPort).withQueues(queues);
        CpuQuotaGroup group = quotas ? CpuQuotaGroup.create("b" + i, node.cores(), node.periodMicros()) : null;
        try {
            brokers.add(LocalBroker.start(config, users, workDir.resolve("b" + i), group, node.cpus(),
                    node.heap()));
            ports.add(port);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (group != null) {
                group.close();
            }
            throw e;
        }
    }

    /** How many brokers run. */
    public int size() {
        return brokers.size();
    }

    public LocalBroker broker(int i) {
        return brokers.get(i);
    }

    /** The users every broker of this fleet admits, generated for it. */
    public BrokerUsers users() {
        return users;
    }

    /**
     * {@code n} distinct free ports, all held open while they are picked: a port closed before the next is picked
     * can be picked again. The broker process binds them later, so another process may still take one in between;
     * the broker then exits saying so.
     */
    private static int[] freePorts(int n) throws IOException {
        List<ServerSocket> held = new ArrayList<>();
        try {
            for (int i = 0; i < n; i++) {
                held.add(new ServerSocket(0, 1, InetAddress.getLoopbackAddress()));
            }
            return held.stream().mapToInt(ServerSocket::getLocalPort).toArray();
        } finally {
            for (ServerSocket s : held) {
                s.close();
            }
        }
    }

    /** Every broker as a measurement target whose map carries {@code queue}, replicated on all of them. */
    public Target queueTarget(String queue) {
        Target all = target(new Layout(brokers.size(), 1));
        return new Target(all.map().withQueues(List.of(new QueueRoute(queue, all.map().brokers().stream()
                .map(QueueRoute.Replica::at).toList()))), all.credentials(), all.metrics(), all.metricsAddresses(),
                all.caveats());
    }

    /** The routing map of these brokers in a k x l layout (row-major). */
    private RoutingMap map(Layout layout) {
        return RoutingMap.forLocalPorts(TOPIC, layout.publisherGroups(), layout.subscriberGroups(),
                ports.subList(0, Math.toIntExact(layout.brokers())));
    }

    /** {@link #TOPIC}, then {@code TOPIC.2} to {@code TOPIC.n}: the first {@code n} topics a broker may declare. */
    static List<String> topicNames(int n) {
        List<String> names = new ArrayList<>(List.of(TOPIC));
        for (int t = 2; t <= n; t++) {
            names.add(TOPIC + "." + t);
        }
        return names;
    }

    /** The first k x l brokers as a measurement target, with what keeps them from standing for nodes. */
    public Target target(Layout layout) {
        if (layout.brokers() > brokers.size()) {
            throw new IllegalArgumentException("layout " + layout + " needs " + layout.brokers() + " brokers, "
                    + brokers.size() + " run");
        }
        List<String> caveats = quotas ? List.of() : List.of("brokers ran without a CPU quota (no writable cgroup v1 "
                + "cpu controller): they share the client's cores, not a node of their own");
        return new Target(map(layout), users.application(), users.metrics(),
                brokers.subList(0, Math.toIntExact(layout.brokers())).stream().map(b -> b.metricsAddress).toList(),
                caveats);
    }

    /** One measurement of this load on the first k x l brokers, which keep running for the next. */
    public LoadResult measure(LoadSpec spec, Layout layout) throws Exception {
        return measure(spec, layout, PublishingPath.client);
    }

    /**
     * As {@link #measure(LoadSpec, Layout)}, the load spread over the first {@code over} topics the brokers declare:
     * each subscriber registers on every one of them, and each publisher sends to them in turn.
     */
    public LoadResult measure(LoadSpec spec, Layout layout, int over) throws Exception {
        if (over > topics) {
            throw new IllegalArgumentException("a load over " + over + " topics needs brokers that declare as many; "
                    + "these declare " + topics);
        }
        return measure(spec, target(layout).over(topicNames(over)), PublishingPath.client);
    }

    /**
     * Several loads at once on the first k x l brokers, load i on the brokers' topic i alone, all scheduled to start
     * together: the topics of a shared layout, each with its own subscribers and publishers. Each result counts its
     * own topic's messages; the brokers' counts and CPU in every result are the brokers' whole, all topics together.
     */
    public List<LoadResult> measureTogether(List<LoadSpec> loads, Layout layout) throws Exception {
        if (loads.size() > topics) {
            throw new IllegalArgumentException(loads.size() + " loads at once need brokers that declare as many "
                    + "topics; these declare " + topics);
        }
        List<LoadResult> results = unthrottledIfFirst(loads.get(0), () -> runTogether(loads, layout));
        SubscriptionRegistration.awaitRemoved(target(layout), 0);
        return List.copyOf(results);
    }

    /** Load i on topic i, each in a thread of its own, from one {@link CommonStart}. */
    private List<LoadResult> runTogether(List<LoadSpec> loads, Layout layout) throws Exception {
        List<String> names = topicNames(loads.size());
        CommonStart start = new CommonStart(loads.size());
        ExecutorService runs = Executors.newFixedThreadPool(loads.size());
        try {
            List<Future<LoadResult>> futures = new ArrayList<>();
            for (int i = 0; i < loads.size(); i++) {
                Target target = target(layout).over(List.of(names.get(i)));
                LoadRun run = new LoadRun(loads.get(i), progress);
                futures.add(runs.submit(() -> {
                    try {
                        return run.measure(target, start::await, clientCores());
                    } catch (Exception | Error e) {
                        start.abandon(); // the others would wait for it at the start for good
                        throw e;
                    }
                }));
            }
            List<LoadResult> results = new ArrayList<>();
            for (Future<LoadResult> f : futures) {
                results.add(resultOf(f));
            }
            return results;
        } finally {
            runs.shutdownNow();
        }
    }

    /** A load's result, or what stopped it (not the executor's wrapper). */
    private static LoadResult resultOf(Future<LoadResult> run) throws Exception {
        try {
            return run.get();
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }

    /**
     * The same, with the publishers on the given path. The fleet's first measurement warms its fresh brokers,
     * without their quotas for the node's {@link BrokerNode#unthrottledWarmup()}. Each measurement returns once
     * the brokers have removed its subscribers' queues: removing hundreds takes a broker seconds of CPU, which
     * the next measurement would otherwise carry.
     */
    public LoadResult measure(LoadSpec spec, Layout layout, PublishingPath path) throws Exception {
        return measure(spec, target(layout), path);
    }

    private LoadResult measure(LoadSpec spec, Target target, PublishingPath path) throws Exception {
        LoadResult result = unthrottledIfFirst(spec, () -> new LoadRun(spec, progress, path)
                .measure(target, clientCores()));
        SubscriptionRegistration.awaitRemoved(target, 0);
        return result;
    }

    private <T> T unthrottledIfFirst(LoadSpec spec, Callable<T> run) throws Exception {
        boolean first = !measured;
        measured = true;
        if (!first || !quotas || node.unthrottledWarmup().isZero()) {
            return run.call();
        }
        try (UnthrottledWarmup warm = UnthrottledWarmup.start(brokers.stream().map(b -> b.group).toList(),
                node.unthrottledWarmup(), spec.warmup(), progress)) {
            return run.call();
        }
    }

    /** Cores the load generator has left: the machine's minus the brokers' quotas, at least one. */
    private double clientCores() {
        double quotaCores = quotas ? brokers.size() * node.cores() : 0;
        return Math.max(1, Runtime.getRuntime().availableProcessors() - quotaCores);
    }

    @Override
    public void close() throws IOException {
        List<IOException> problems = new ArrayList<>();
        for (LocalBroker b : brokers) {
            try {
                b.close();
            } catch (IOException e) {
                problems.add(e);
            }
        }
        brokers.clear();
        try {
            Runtime.getRuntime().removeShutdownHook(cleanup);
        } catch (IllegalStateException e) {
            // Already shutting down: this close is the hook itself.
        }
        if (!problems.isEmpty()) {
            IOException e = new IOException("could not clean up every broker: " + problems);
            problems.forEach(e::addSuppressed);
            throw e;
        }
    }

    private void closeQuietly() {
        try {
            close();
        } catch (IOException e) {
            System.err.println("loadgen: " + e.getMessage());
        }
    }
}
