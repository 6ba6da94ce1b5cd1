package io.brokerwise.e2e;

import io.brokerwise.measure.delivery.DeliveryCheck;
import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.LoadSchedule;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.ContainerBuilder;
import io.fabric8.kubernetes.api.model.Quantity;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The delivery check (the benchmark image's {@code DeliveryCheck}) as a pod on the real node, a client of a
 * topology: it follows the topology's routing map with the topology's credentials while it publishes a counted
 * load, and its log ends with the {@link DeliveryReport}.
 */
record DeliveryCheckPod(KubernetesClient k8s, String ns, String name, LoadSchedule load) {

    /** How long the check's subscribers keep receiving after the load's end, before it counts. */
    static final Duration DRAIN = Duration.ofSeconds(15);

    static DeliveryCheckPod start(KubernetesClient k8s, String ns, String topology, String name, String schedule,
                                  int publishers, int subscribers, int keys) {
        k8s.pods().inNamespace(ns).resource(Pods.client(name, topology, topology + "-routing", new ContainerBuilder()
                .withName("check").withImage(LocalCluster.BENCH_IMAGE)
                .withCommand("java", "-Xmx192m", "-cp", "@/opt/brokerwise/jib-classpath-file",
                        "io.brokerwise.measure.delivery.DeliveryCheck", "--schedule", schedule,
                        "--publishers", String.valueOf(publishers), "--subscribers", String.valueOf(subscribers),
                        "--keys", String.valueOf(keys), "--watch-period", "1s", "--drain", DRAIN.toSeconds() + "s")
                .addNewEnvFrom().withNewSecretRef().withName(topology + "-broker-credentials").endSecretRef()
                .endEnvFrom()
                // requests below the limit: beside a grid of brokers the real node's two CPUs are mostly requested
                .withNewResources().addToRequests("cpu", new Quantity("200m")).addToLimits("cpu", new Quantity("500m"))
                .addToRequests("memory", new Quantity("384Mi")).addToLimits("memory", new Quantity("384Mi"))
                .endResources())).create();
        return new DeliveryCheckPod(k8s, ns, name, LoadSchedule.parse(schedule));
    }

    /** Wall-clock millis when the load started (the check logs it once its subscribers are in place). */
    long awaitLoadStarted() {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(2);
        while (System.nanoTime() < deadline) {
            String log = log();
            var started = log.lines().filter(l -> l.startsWith(STARTED)).findFirst();
            if (started.isPresent()) {
                return Long.parseLong(started.get().substring(STARTED.length()).trim());
            }
            sleep(Duration.ofSeconds(1));
        }
        throw new AssertionError("the delivery check never started its load:\n" + describe() + "\n" + events());
    }

    /**
     * Waits until the check's client has moved to a routing map of {@code publisherGroups x subscriberGroups}
     * (its log says so): the kubelet re-mounts a changed ConfigMap within its sync period (10 s on the local cluster).
     */
    long awaitMoveTo(int publisherGroups, int subscriberGroups, Duration atMost) {
        String moved = "delivery-check: moved to " + publisherGroups + " x " + subscriberGroups + " at ";
        long deadline = System.nanoTime() + atMost.toNanos();
        while (System.nanoTime() < deadline) {
            var line = log().lines().filter(l -> l.startsWith(moved)).reduce((a, b) -> b);
            if (line.isPresent()) {
                return Long.parseLong(line.get().substring(moved.length()).trim());
            }
            sleep(Duration.ofSeconds(1));
        }
        throw new AssertionError("the delivery check never moved to " + publisherGroups + " x " + subscriberGroups
                + ":\n" + describe());
    }

    /**
     * Waits for the check to end, at most {@code afterLoad} past the end of its load and drain, and reads its report.
     * Counted from the load's end, not from the call: a test that calls this early (its faults healed quickly) must
     * not leave the check only seconds to close its links and exit.
     */
    DeliveryReport report(Duration afterLoad) {
        long loadEnds = awaitLoadStarted() + load.length().plus(DRAIN).toMillis();
        long atMostMillis = Math.max(0, loadEnds - System.currentTimeMillis()) + afterLoad.toMillis();
        Pod done;
        try {
            done = k8s.pods().inNamespace(ns).withName(name).waitUntilCondition(p -> p != null && p.getStatus() != null
                    && Set.of("Succeeded", "Failed").contains(p.getStatus().getPhase()),
                    atMostMillis, TimeUnit.MILLISECONDS);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("the delivery check did not finish:\n" + describe(), e);
        }
        String log = log();
        if (!"Succeeded".equals(done.getStatus().getPhase())) {
            throw new AssertionError("the delivery check failed:\n" + log);
        }
        // what its clients did: moves, reconnects, failed sends (the first 40 lines)
        log.lines().filter(l -> l.startsWith("delivery-check: ")).limit(40).forEach(System.out::println);
        return DeliveryReport.fromLog(log);
    }

    /** Its log so far; empty while its container has not started. */
    String log() {
        try {
            String log = k8s.pods().inNamespace(ns).withName(name).getLog();
            return log == null ? "" : log;
        } catch (KubernetesClientException e) {
            return "";
        }
    }

    private String events() {
        return k8s.v1().events().inNamespace(ns).list().getItems().stream()
                .filter(e -> name.equals(e.getInvolvedObject().getName()))
                .map(e -> e.getReason() + ": " + e.getMessage()).toList().toString();
    }

    private String describe() {
        return Pods.describe(k8s, ns) + "\n" + log();
    }

    private static void sleep(Duration d) {
        try {
            Thread.sleep(d.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted", e);
        }
    }

    /** The line the check logs as its publishers start, with the wall-clock millis. */
    static final String STARTED = DeliveryCheck.LOAD_STARTED;
}
