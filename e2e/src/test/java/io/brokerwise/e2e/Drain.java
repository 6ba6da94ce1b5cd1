package io.brokerwise.e2e;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.Watcher;
import io.fabric8.kubernetes.client.WatcherException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.TreeSet;
import java.util.function.Predicate;

/**
 * A node drained as {@code kubectl drain} drains it, and the watch events that show in what order things happened,
 * each with the revision the API server gave it (one etcd revision orders the changes of every object).
 */
final class Drain {

    /** One watch event: its object's resource version, the action, and what it says (a map's ordinals, a pod's UID). */
    record Event(long revision, String action, String what, TreeSet<Integer> ordinals) {
        @Override
        public String toString() {
            return revision + " " + action + " " + what + (ordinals.isEmpty() ? "" : " " + ordinals);
        }
    }

    final List<Event> events = Collections.synchronizedList(new ArrayList<>());

    /** Records the routing map's changes, with the ordinals each names. */
    Watcher<ConfigMap> routingMap() {
        return watcher(cm -> new Event(revision(cm), "", "map", Topologies.ordinals(cm)));
    }

    /** Records a pod's changes, by UID. */
    Watcher<Pod> pod() {
        return watcher(p -> new Event(revision(p), "", "pod " + p.getMetadata().getUid(), new TreeSet<>()));
    }

    /** The revision of the first event that matches, or fails naming what it looked for. */
    long first(String what, Predicate<Event> matches) {
        synchronized (events) {
            return events.stream().filter(matches).mapToLong(Event::revision).min()
                    .orElseThrow(() -> new AssertionError("no watch event " + what + " among " + events));
        }
    }

    /**
     * Evicts every pod of {@code topology} on {@code node} until none is left, as {@code kubectl drain} does: an
     * eviction the budget refuses (HTTP 429) is tried again a second later. Returns how many were refused.
     */
    static int evictUntilGone(KubernetesClient k8s, String ns, String topology, String node, Duration atMost)
            throws InterruptedException {
        long deadline = System.nanoTime() + atMost.toNanos();
        int refused = 0;
        while (System.nanoTime() < deadline) {
            List<Pod> left = Topologies.brokerPods(k8s, ns, topology).stream()
                    .filter(p -> node.equals(p.getSpec().getNodeName())).toList();
            if (left.isEmpty()) {
                return refused;
            }
            for (Pod p : left) {
                if (!k8s.pods().inNamespace(ns).withName(p.getMetadata().getName()).evict()) {
                    refused++;
                }
            }
            Thread.sleep(1_000);
        }
        throw new AssertionError("the drain of " + node + " did not complete in " + atMost + ": "
                + refused + " evictions refused\n" + Pods.describe(k8s, ns));
    }

    private static long revision(HasMetadata object) {
        return Long.parseLong(object.getMetadata().getResourceVersion());
    }

    private <T> Watcher<T> watcher(java.util.function.Function<T, Event> describe) {
        return new Watcher<>() {
            @Override
            public void eventReceived(Action action, T resource) {
                Event e = describe.apply(resource);
                events.add(new Event(e.revision(), action.name(), e.what(), e.ordinals()));
            }

            @Override
            public void onClose(WatcherException cause) {
                // the test closes its watches when it has read what it needs
            }
        };
    }
}
