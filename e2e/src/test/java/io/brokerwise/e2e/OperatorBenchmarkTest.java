package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watch;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Operator benchmarks on the local cluster (the operator installed by the chart, topologies placed on the
 * kwok nodes). Prints figures, asserts none: run with -Pbenchmark, never part of -Pcluster or e2e/ci.
 * <ul>
 *   <li>reconcile latency: {@value #APPLIES} topologies created one at a time, each from the create call
 *       to the watch event that shows Planned=True (what a client of the API sees);</li>
 *   <li>scale: {@value #MANY} topologies created at once, the time until all are Planned, Deployed and
 *       Ready, with the operator's resident memory (VmRSS of its JVM, pid 1 of its container, and the
 *       container's memory cgroup) sampled every second; then the namespace of the {@value #MANY} deleted, the
 *       time until it is gone, and the creates the operator tried in it meanwhile (its log's refusals);</li>
 *   <li>restart: {@value #RESTARTS} times, the operator's pod deleted and, once it is gone, a topology changed: the
 *       time from that change, and from the delete call, to the change's reconcile (status.observedGeneration).</li>
 * </ul>
 */
@LocalClusterTest
@Tag("benchmark")
@Order(50)
class OperatorBenchmarkTest {

    static final int APPLIES = Integer.getInteger("bench.applies", 50);
    static final int MANY = Integer.getInteger("bench.topologies", 200);
    static final int RESTARTS = Integer.getInteger("bench.restarts", 5);
    /** What the API server answers a create in a namespace being deleted. */
    static final String TERMINATING_REFUSAL = "because it is being terminated";

    /** A one-broker topology (PSR 1x1) on the simulated nodes, small enough for hundreds side by side. */
    private static String topology(String name) {
        return Topologies.onSimulatedNodes(name, 40, "{mode: Auto}", "100m", "128Mi");
    }

    @Test
    void reconcileLatencyAndScale(KubernetesClient k8s) throws Exception {
        OperatorInstall.ensure(k8s);
        latency(k8s);
        scale(k8s);
        restart(k8s);
    }

    private void latency(KubernetesClient k8s) throws Exception {
        String ns = Pods.createNamespace(k8s, "bw-bench-latency");
        Map<String, Long> planned = new ConcurrentHashMap<>();
        try (Watch w = watch(k8s, ns, "Planned", planned)) {
            // Not measured: a freshly (re)started operator may wait for the old leader's Lease (released when that
            // operator stopped cleanly, left to expire when it was killed).
            Topologies.apply(k8s, ns, topology("warm-up"));
            Topologies.await(k8s, ns, "warm-up", "Planned", "True", "", 2);
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
            System.out.printf("BENCH reconcile latency, apply -> Planned=True, %d applies: p50 %d ms, p90 %d ms, "
                    + "p99 %d ms, max %d ms, min %d ms%n", APPLIES, pct(millis, 50), pct(millis, 90), pct(millis, 99),
                    millis[APPLIES - 1], millis[0]);
        } finally {
            Topologies.deleteNamespace(k8s, ns);
        }
    }

    private void scale(KubernetesClient k8s) throws Exception {
        String ns = Pods.createNamespace(k8s, "bw-bench-scale");
        Map<String, Long> planned = new ConcurrentHashMap<>();
        Map<String, Long> deployed = new ConcurrentHashMap<>();
        Map<String, Long> ready = new ConcurrentHashMap<>();
        AtomicLong peakRss = new AtomicLong();
        AtomicLong peakCgroup = new AtomicLong();
        AtomicInteger samples = new AtomicInteger();
        AtomicInteger failedSamples = new AtomicInteger();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        System.out.println("BENCH operator memory before: " + memory(k8s));
        sampler.scheduleWithFixedDelay(() -> sample(k8s, peakRss, peakCgroup, samples, failedSamples), 0, 1,
                TimeUnit.SECONDS);
        try (Watch a = watch(k8s, ns, "Planned", planned); Watch b = watch(k8s, ns, "Deployed", deployed);
             Watch c = watch(k8s, ns, "Ready", ready)) {
            long t0 = System.nanoTime();
            // as a deployment pipeline would: several applies in flight (one API call takes ~0.1-0.5 s here)
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
            long created = System.nanoTime();
            while (ready.size() < MANY && System.nanoTime() - t0 < TimeUnit.MINUTES.toNanos(5)) {
                Thread.sleep(100);
            }
            System.out.printf("BENCH %d topologies: created in %.1f s; all Planned after %s, all Deployed after %s, "
                    + "all Ready after %s (from the first create)%n", MANY, seconds(created - t0),
                    last(planned, t0), last(deployed, t0), last(ready, t0));
        } finally {
            sampler.shutdownNow();
            System.out.printf("BENCH operator memory during the %d: peak VmRSS %d MiB, peak container cgroup %d MiB "
                    + "(%d samples, %d failed); after: %s%n", MANY, peakRss.get() >> 20, peakCgroup.get() >> 20,
                    samples.get(), failedSamples.get(), memory(k8s));
            assertTrue(samples.get() > failedSamples.get(), "no memory sample succeeded: the peak means nothing");
            deletion(k8s, ns);
        }
    }

    /** The namespace of the many deleted: how long until it is gone, and how many creates were tried into it. */
    private static void deletion(KubernetesClient k8s, String ns) {
        long refusedBefore = refusals(k8s, ns);
        long t0 = System.nanoTime();
        Topologies.deleteNamespace(k8s, ns);
        System.out.printf("BENCH namespace with %d topologies deleted: gone after %.1f s; creates refused as "
                + "terminating meanwhile (operator log): %d%n", MANY, seconds(System.nanoTime() - t0),
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

    private static void sample(KubernetesClient k8s, AtomicLong peakRss, AtomicLong peakCgroup, AtomicInteger samples,
                               AtomicInteger failed) {
        samples.incrementAndGet();
        try {
            long[] m = memoryBytes(k8s);
            peakRss.accumulateAndGet(m[0], Math::max);
            peakCgroup.accumulateAndGet(m[1], Math::max);
        } catch (RuntimeException e) {
            failed.incrementAndGet();
            System.out.println("BENCH memory sample failed: " + e);
        }
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

    private static String last(Map<String, Long> seen, long t0) {
        if (seen.size() < MANY) {
            return "(only " + seen.size() + " of " + MANY + ")";
        }
        return String.format("%.1f s", seconds(new ArrayList<>(seen.values()).stream().mapToLong(v -> v).max()
                .orElseThrow() - t0));
    }

    private static double seconds(long nanos) {
        return nanos / 1e9;
    }

    /** Nearest-rank percentile of sorted values (with 50 samples p99 is the largest). */
    private static long pct(long[] sorted, int p) {
        return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
    }
}
