package io.brokerwise.e2e;

import io.brokerwise.e2e.SimulatedBrokers.Answer;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Operator benchmarks on the local cluster (the operator installed by the chart, topologies placed on the
 * kwok nodes). Prints figures, asserts none: run with -Pbenchmark, never part of -Pcluster or e2e/ci.
 * <ul>
 *   <li>a fleet, {@value #ROUNDS_DEFAULT} rounds of three cases interleaved: the kwok pods' brokers all answering
 *       their metrics reads ({@link SimulatedBrokers}), a quarter of them silent (packets dropped), a quarter
 *       refusing connections. In each case {@value #MANY_DEFAULT} topologies with autoscaling on are created at once:
 *       the time until all are Planned and Ready, with the operator's resident memory (VmRSS of its JVM, pid 1 of its
 *       container, and the container's memory cgroup) sampled every second. Once the operator watches them all,
 *       {@value #APPLIES_DEFAULT} more are created one at a time, each from the create call to the watch event that
 *       shows Planned=True (what a client of the API sees); then how old the operator's readings are, from its own
 *       metrics. Then the namespace is deleted: the time until it is gone, and the creates the operator tried in it
 *       meanwhile (its log's refusals);</li>
 *   <li>restart: {@value #RESTARTS_DEFAULT} times, the operator's pod deleted and, once it is gone, a topology changed:
 *       the time from that change, and from the delete call, to the change's reconcile
 *       (status.observedGeneration).</li>
 * </ul>
 */
@LocalClusterTest
@Tag("benchmark")
@Order(50)
class OperatorBenchmarkTest {

    static final int APPLIES_DEFAULT = 50;
    static final int MANY_DEFAULT = 200;
    static final int ROUNDS_DEFAULT = 2;
    static final int RESTARTS_DEFAULT = 5;
    static final int APPLIES = Integer.getInteger("bench.applies", APPLIES_DEFAULT);
    static final int MANY = Integer.getInteger("bench.topologies", MANY_DEFAULT);
    static final int ROUNDS = Integer.getInteger("bench.rounds", ROUNDS_DEFAULT);
    static final int RESTARTS = Integer.getInteger("bench.restarts", RESTARTS_DEFAULT);
    /** What the API server answers a create in a namespace being deleted. */
    static final String TERMINATING_REFUSAL = "because it is being terminated";

    /** The autoscaling window, {@code -Dbench.window}; the default is the API's. */
    static final String WINDOW = System.getProperty("bench.window", "60s");

    /**
     * A one-broker topology (PSR 1x1) on the simulated nodes, small enough for hundreds side by side, autoscaling
     * on: the operator reads its broker every window.
     */
    private static String topology(String name) {
        return Topologies.onSimulatedNodes(name, 40, "{mode: Auto}", "100m", "128Mi")
                + "  autoscaling: {mode: Auto, window: " + WINDOW + "}\n";
    }

    /** One case's figures. */
    record Fleet(Answer answer, int round, long[] applyMillis, double allPlanned, double allReady, long peakRssMiB,
                 long peakCgroupMiB, ReadingAges ages) {

        long p95() {
            return pct(applyMillis, 95);
        }
    }

    @Test
    void reconcileLatencyAndScale(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        System.out.println("BENCH operator memory before: " + memory(k8s));
        long dropsBefore = guardDrops();
        List<Fleet> fleets = new ArrayList<>();
        try (SimulatedBrokers brokers = SimulatedBrokers.up()) {
            for (int round = 1; round <= ROUNDS; round++) {
                for (Answer answer : Answer.values()) {
                    brokers.answer(answer);
                    fleets.add(fleet(k8s, answer, round));
                }
            }
        }
        summary(fleets);
        System.out.printf("BENCH network guard: %d packets dropped during the fleet cases%n",
                guardDrops() - dropsBefore);
        if (RESTARTS > 0) {
            restart(k8s);
        }
    }

    /** What the network guard has dropped since the cluster came up ({@code e2e/cluster guard}). */
    private static long guardDrops() {
        return Long.parseLong(Commands.run("e2e/cluster", "guard").lines().filter(l -> l.startsWith("guard-drops:"))
                .findFirst().orElseThrow().replaceAll("\\D", ""));
    }

    private Fleet fleet(KubernetesClient k8s, Answer answer, int round) throws Exception {
        String ns = Pods.createNamespace(k8s, "bw-bench-fleet");
        MemoryPeak memory = MemoryPeak.start(() -> memoryBytes(k8s));
        try {
            double[] burst = burst(k8s, ns);
            awaitWatched(k8s, ns);
            long[] applies = latency(k8s, ns);
            ReadingAges ages = ReadingAges.of(operatorMetrics(k8s), ns, quarterByTopology(k8s, ns));
            memory.stop();
            Fleet fleet = new Fleet(answer, round, applies, burst[0], burst[1], memory.rss() >> 20,
                    memory.cgroup() >> 20, ages);
            System.out.printf("BENCH fleet, %s, round %d: %d topologies all Planned after %.1f s, all Ready after "
                    + "%.1f s; then apply -> Planned=True over %d applies: p50 %d ms, p95 %d ms, max %d ms; peak VmRSS "
                    + "%d MiB, peak container cgroup %d MiB (%s); readings' age %s%n", answer.mode(), round, MANY,
                    burst[0], burst[1], APPLIES, pct(applies, 50), fleet.p95(), applies[APPLIES - 1],
                    fleet.peakRssMiB(), fleet.peakCgroupMiB(), memory.samples(), ages);
            return fleet;
        } finally {
            memory.stop();
            deletion(k8s, ns);
        }
    }

    /** The many created at once, as a deployment pipeline would: seconds until all are Planned, and all Ready. */
    private double[] burst(KubernetesClient k8s, String ns) throws Exception {
        Map<String, Long> planned = new ConcurrentHashMap<>();
        Map<String, Long> ready = new ConcurrentHashMap<>();
        try (Watch a = watch(k8s, ns, "Planned", planned); Watch c = watch(k8s, ns, "Ready", ready)) {
            long t0 = System.nanoTime();
            // several applies in flight (one API call takes ~0.1-0.5 s here)
            ExecutorService appliers = Executors.newFixedThreadPool(8);
            List<Future<?>> applies = new ArrayList<>();
            for (int i = 0; i < MANY; i++) {
                String name = "t-" + i;
                applies.add(appliers.submit(() -> Topologies.apply(k8s, ns, topology(name))));
            }
            appliers.shutdown();
            for (Future<?> apply : applies) {
                apply.get(5, TimeUnit.MINUTES); // a failed apply fails the benchmark: its figures would be of fewer
            }
            while (ready.size() < MANY && System.nanoTime() - t0 < TimeUnit.MINUTES.toNanos(5)) {
                Thread.sleep(100);
            }
            return new double[] {last(planned, t0), last(ready, t0)};
        }
    }

    /** Until the operator's metrics show a readings' age for each of the many: all are watched. */
    private static void awaitWatched(KubernetesClient k8s, String ns) throws InterruptedException {
        long t0 = System.nanoTime();
        int watched = 0;
        while (System.nanoTime() - t0 < TimeUnit.MINUTES.toNanos(3)) {
            watched = ReadingAges.watched(operatorMetrics(k8s), ns);
            if (watched >= MANY) {
                return;
            }
            Thread.sleep(1000);
        }
        System.out.printf("BENCH only %d of %d topologies watched after 3 min%n", watched, MANY);
    }

    /** The applies, one at a time among the many: milliseconds from each create call to its Planned=True, sorted. */
    private long[] latency(KubernetesClient k8s, String ns) throws Exception {
        Map<String, Long> planned = new ConcurrentHashMap<>();
        try (Watch w = watch(k8s, ns, "Planned", planned)) {
            long[] millis = new long[APPLIES];
            for (int i = 0; i < APPLIES; i++) {
                String name = "lat-" + i;
                long t0 = System.nanoTime();
                Topologies.apply(k8s, ns, topology(name));
                while (!planned.containsKey(name)) {
                    if (System.nanoTime() - t0 > TimeUnit.SECONDS.toNanos(30)) {
                        throw new AssertionError(name + " not Planned in 30 s: "
                                + Topologies.conditions(Topologies.get(k8s, ns, name).get()));
                    }
                    Thread.sleep(1);
                }
                millis[i] = TimeUnit.NANOSECONDS.toMillis(planned.get(name) - t0);
            }
            Arrays.sort(millis);
            return millis;
        }
    }

    /** Per case, the median over the rounds, and the ratio of each failing case to the answering one. */
    private static void summary(List<Fleet> fleets) {
        Map<Answer, double[]> medians = new EnumMap<>(Answer.class);
        for (Answer answer : Answer.values()) {
            List<Fleet> mine = fleets.stream().filter(f -> f.answer() == answer).toList();
            medians.put(answer, new double[] {median(mine, f -> f.p95()), median(mine, Fleet::allPlanned),
                    median(mine, f -> f.peakRssMiB())});
        }
        double[] base = medians.get(Answer.ANSWERING);
        medians.forEach((answer, m) -> System.out.printf("BENCH fleet summary, %s, median of %d rounds: apply -> "
                + "Planned p95 %.0f ms (x%.2f of answering), all %d Planned after %.1f s (x%.2f), peak VmRSS %.0f MiB "
                + "(x%.2f)%n", answer.mode(), ROUNDS, m[0], m[0] / base[0], MANY, m[1], m[1] / base[1], m[2],
                m[2] / base[2]));
    }

    private static double median(List<Fleet> fleets, ToDoubleFunction<Fleet> figure) {
        double[] values = fleets.stream().mapToDouble(figure).sorted().toArray();
        int n = values.length;
        return n % 2 == 1 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
    }

    /** Each topology of {@code ns} with a broker pod: whether its address is in the quarter that fails. */
    private static Map<String, Boolean> quarterByTopology(KubernetesClient k8s, String ns) {
        Map<String, Boolean> quarter = new HashMap<>();
        for (Pod pod : k8s.pods().inNamespace(ns).list().getItems()) {
            String name = pod.getMetadata().getName();
            int broker = name.lastIndexOf("-broker-");
            if (broker > 0 && pod.getStatus() != null && pod.getStatus().getPodIP() != null) {
                quarter.merge(name.substring(0, broker), SimulatedBrokers.inQuarter(pod), Boolean::logicalOr);
            }
        }
        return quarter;
    }

    /** The operator's own metrics (/q/metrics), through the API server's proxy to its pod. */
    private static String operatorMetrics(KubernetesClient k8s) {
        return k8s.raw("/api/v1/namespaces/" + OperatorInstall.NAMESPACE + "/pods/" + operatorPod(k8s)
                + ":8080/proxy/q/metrics");
    }

    /** The namespace of the many deleted: how long until it is gone, and how many creates were tried into it. */
    private static void deletion(KubernetesClient k8s, String ns) {
        long refusedBefore = refusals(k8s, ns);
        long t0 = System.nanoTime();
        Topologies.deleteNamespace(k8s, ns);
        System.out.printf("BENCH namespace with %d topologies deleted: gone after %.1f s; creates refused as "
                + "terminating meanwhile (operator log): %d%n", MANY + APPLIES, seconds(System.nanoTime() - t0),
                refusals(k8s, ns) - refusedBefore);
    }

    private static long refusals(KubernetesClient k8s, String ns) {
        return OperatorInstall.logs(k8s).lines().filter(l -> l.contains(TERMINATING_REFUSAL) && l.contains(ns)).count();
    }

    /**
     * The operator's pod deleted, and a topology changed once the pod is gone: when is the change reconciled? The
     * Deployment's new pod must start and take the Lease (released by the old one as it stopped).
     */
    private void restart(KubernetesClient k8s) throws Exception {
        String ns = Pods.createNamespace(k8s, "bw-bench-restart");
        try {
            Topologies.apply(k8s, ns, topology("restarted"));
            Topologies.await(k8s, ns, "restarted", "Planned", "True", "", 2);
            long[] fromChange = new long[RESTARTS];
            long[] fromDelete = new long[RESTARTS];
            for (int i = 0; i < RESTARTS; i++) {
                OperatorInstall.awaitRolledOut(k8s);
                var pod = k8s.pods().inNamespace(OperatorInstall.NAMESPACE).withName(operatorPod(k8s));
                long deleted = System.nanoTime();
                pod.delete();
                pod.waitUntilCondition(p -> p == null, 2, TimeUnit.MINUTES);
                long changed = System.nanoTime();
                int publishers = 41 + i % 2; // never the value before (40, then 41, 42, 41, ...): always a change
                long generation = Topologies.get(k8s, ns, "restarted").edit(t -> {
                    ((Map<String, Map<String, Object>>) t.getAdditionalProperties().get("spec")).get("workload")
                            .put("publishers", publishers);
                    return t;
                }).getMetadata().getGeneration();
                Topologies.get(k8s, ns, "restarted").waitUntilCondition(t -> observedGeneration(t) >= generation,
                        3, TimeUnit.MINUTES);
                long reconciled = System.nanoTime();
                fromChange[i] = TimeUnit.NANOSECONDS.toMillis(reconciled - changed);
                fromDelete[i] = TimeUnit.NANOSECONDS.toMillis(reconciled - deleted);
            }
            Arrays.sort(fromChange);
            Arrays.sort(fromDelete);
            System.out.printf("BENCH operator pod deleted, %d times: the next change reconciled after a median of "
                    + "%d ms from the change (all: %s), %d ms from the delete call (all: %s)%n", RESTARTS,
                    pct(fromChange, 50), Arrays.toString(fromChange), pct(fromDelete, 50), Arrays.toString(fromDelete));
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    private static long observedGeneration(GenericKubernetesResource t) {
        Object status = t.getAdditionalProperties().get("status");
        Object observed = status instanceof Map<?, ?> m ? m.get("observedGeneration") : null;
        return observed instanceof Number n ? n.longValue() : -1;
    }

    /** Records, per topology, when a watch event first showed {@code type}=True. */
    private static Watch watch(KubernetesClient k8s, String ns, String type, Map<String, Long> seen) {
        return k8s.genericKubernetesResources("brokerwise.io/v1alpha1", "PubSubTopology").inNamespace(ns)
                .watch(new Watcher<>() {
                    @Override
                    public void eventReceived(Action action, GenericKubernetesResource t) {
                        long now = System.nanoTime();
                        if (Topologies.condition(t, type).filter(c -> "True".equals(c.get("status"))).isPresent()) {
                            seen.putIfAbsent(t.getMetadata().getName(), now);
                        }
                    }

                    @Override
                    public void onClose(WatcherException cause) {
                    }
                });
    }

    private static String memory(KubernetesClient k8s) {
        long[] m = memoryBytes(k8s);
        return String.format("VmRSS %d MiB, VmHWM %d MiB, cgroup %d MiB", m[0] >> 20, m[2] >> 20, m[1] >> 20);
    }

    /** VmRSS and VmHWM of the JVM (pid 1) and the container's memory cgroup (v1) usage, in bytes. */
    private static long[] memoryBytes(KubernetesClient k8s) {
        String status = exec(k8s, "cat", "/proc/1/status");
        String cgroup = exec(k8s, "cat", "/sys/fs/cgroup/memory/memory.usage_in_bytes").trim();
        return new long[] {kib(status, "VmRSS:") << 10, Long.parseLong(cgroup), kib(status, "VmHWM:") << 10};
    }

    private static long kib(String status, String key) {
        return status.lines().filter(l -> l.startsWith(key)).map(l -> l.replaceAll("\\D", "")).mapToLong(Long::parseLong)
                .findFirst().orElse(0);
    }

    /** The operator's running pod. */
    private static String operatorPod(KubernetesClient k8s) {
        return OperatorInstall.pod(k8s).getMetadata().getName();
    }

    private static String exec(KubernetesClient k8s, String... command) {
        return Pods.exec(k8s, OperatorInstall.NAMESPACE, operatorPod(k8s), command);
    }

    /** Seconds from {@code t0} until the last of the many was seen; NaN if some never were. */
    private static double last(Map<String, Long> seen, long t0) {
        if (seen.size() < MANY) {
            System.out.printf("BENCH only %d of %d seen%n", seen.size(), MANY);
            return Double.NaN;
        }
        return seconds(seen.values().stream().mapToLong(v -> v).max().orElseThrow() - t0);
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** Nearest-rank percentile of sorted values (with 50 samples p99 is the largest). */
    private static long pct(long[] sorted, int p) {
        return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }
}
