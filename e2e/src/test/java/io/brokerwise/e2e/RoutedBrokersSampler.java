package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.fabric8.kubernetes.client.KubernetesClient;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Samples a topology's routing map and its broker pods from a thread of its own, while a change runs: a map that names
 * a broker whose pod is not Ready leaves that cell's clients without it. Counts the samples, so that a sampler that
 * never ran fails instead of passing.
 */
final class RoutedBrokersSampler {

    private final AtomicBoolean sampling = new AtomicBoolean(true);
    private final List<String> violations = new ArrayList<>();
    /** The routed ordinals as they changed, in order. */
    private final List<TreeSet<Integer>> maps = new ArrayList<>();
    private final Thread thread;
    private int samples;

    private RoutedBrokersSampler(KubernetesClient k8s, String ns, String topology) {
        thread = new Thread(() -> {
            while (sampling.get()) {
                TreeSet<Integer> routed = Topologies.routedOrdinals(k8s, ns, topology);
                TreeSet<Integer> ready = Topologies.readyOrdinals(k8s, ns, topology);
                synchronized (this) {
                    samples++;
                    if (maps.isEmpty() || !maps.get(maps.size() - 1).equals(routed)) {
                        maps.add(routed);
                    }
                    if (!ready.containsAll(routed)) {
                        violations.add("routed " + routed + ", Ready " + ready + " at " + System.currentTimeMillis());
                    }
                }
            }
        }, "routed-brokers-sampler");
        thread.setDaemon(true);
        thread.start();
    }

    static RoutedBrokersSampler start(KubernetesClient k8s, String ns, String topology) {
        return new RoutedBrokersSampler(k8s, ns, topology);
    }

    void stopAndAssertEveryRoutedBrokerReady() throws InterruptedException {
        sampling.set(false);
        thread.join();
        synchronized (this) {
            assertEquals(true, samples > 10, "the sampler ran: " + samples + " samples");
            assertEquals(List.of(), violations.stream().limit(5).toList(),
                    "every broker the routing map named had a Ready pod (" + samples + " samples)");
        }
    }

    synchronized String summary() {
        return samples + " samples of the map, every routed broker Ready; ordinals routed, in turn: " + maps;
    }
}
