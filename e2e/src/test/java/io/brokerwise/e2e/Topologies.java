package io.brokerwise.e2e;

import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMapCodec;
import io.brokerwise.testsupport.BuiltTools;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientTimeoutException;
import io.fabric8.kubernetes.client.dsl.Resource;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * PubSubTopology access for the cluster tests, through Fabric8's generic resources so that this module
 * needs no module of the build but the test support (e2e/ci builds only that first): apply a manifest,
 * read a condition, wait for one, read the routing map the operator wrote.
 */
final class Topologies {

    private Topologies() {
    }

    /**
     * A topology placed on the simulated dedicated nodes only (kwok runs no pod, so the broker size only
     * matters to the scheduler). henjes-activemq plans 40 publishers x 50 msgs/s on PSR 1x1, 80 on PSR 2x1,
     * 200 on PSR 4x1 in Auto mode (`./brokerwise plan`).
     */
    static String onSimulatedNodes(String name, int publishers, String topology, String cpu, String memory) {
        return """
                apiVersion: brokerwise.io/v1alpha1
                kind: PubSubTopology
                metadata: {name: %s}
                spec:
                  workload:
                    publishers: %d
                    messageRatePerPublisher: 50
                    subscribers: 400
                    filtersPerSubscriber: 1
                    filter: {kind: ApplicationProperty}
                    replicationGrade: {mean: 10, distribution: Binomial}
                    messageSizeBytes: 1024
                    deliveryMode: NonPersistent
                  profileRef: {name: henjes-activemq}
                  objectives: {maxUtilization: 0.8}
                  topology: %s
                  placement:
                    nodeSelector: {type: kwok, brokerwise.io/broker-node: "true"}
                    tolerations: [{key: brokerwise.io/broker-node, operator: Equal, value: "true", effect: NoSchedule}]
                    brokersPerNode: 1
                    maxBrokers: 16
                  broker: {cpu: %s, memory: %s}
                """.formatted(name, publishers, topology, cpu, memory);
    }

    /** A manifest from the repository (e.g. examples/local-cluster.yaml). */
    static String manifest(String repoPath) {
        try {
            return Files.readString(BuiltTools.e2eDir().getParent().resolve(repoPath));
        } catch (IOException e) {
            throw new AssertionError("cannot read " + repoPath, e);
        }
    }

    /** {@code yaml} with {@code from} replaced, failing if a manifest the test edits no longer has it. */
    static String replace(String yaml, String from, String to) {
        if (!yaml.contains(from)) {
            throw new AssertionError("the manifest no longer has '" + from + "'");
        }
        return yaml.replace(from, to);
    }

    static String name(String yaml) {
        return Serialization.unmarshal(yaml, GenericKubernetesResource.class).getMetadata().getName();
    }

    /** Creates or updates the topology in the manifest (server-side apply, as kubectl apply --server-side). */
    static void apply(KubernetesClient k8s, String ns, String yaml) {
        GenericKubernetesResource r = Serialization.unmarshal(yaml, GenericKubernetesResource.class);
        r.getMetadata().setNamespace(ns);
        k8s.resource(r).inNamespace(ns).fieldManager("brokerwise-e2e").forceConflicts().serverSideApply();
    }

    static Resource<GenericKubernetesResource> get(KubernetesClient k8s, String ns, String name) {
        return k8s.genericKubernetesResources("brokerwise.io/v1alpha1", "PubSubTopology").inNamespace(ns)
                .withName(name);
    }

    /** The condition of this type, as a map (type, status, reason, message), if the status has one. */
    @SuppressWarnings("unchecked")
    static Optional<Map<String, Object>> condition(GenericKubernetesResource t, String type) {
        return status(t).map(s -> (List<Map<String, Object>>) s.get("conditions"))
                .flatMap(conditions -> conditions.stream().filter(c -> type.equals(c.get("type"))).findFirst());
    }

    static Predicate<GenericKubernetesResource> has(String type, String status, String messagePart) {
        return t -> condition(t, type).filter(c -> status.equals(c.get("status"))
                && String.valueOf(c.get("message")).contains(messagePart)).isPresent();
    }

    /** Waits for a condition; on timeout fails with the topology's conditions and the namespace's pods. */
    static Map<String, Object> await(KubernetesClient k8s, String ns, String name, String type, String status,
                                     String messagePart, int minutes) {
        try {
            GenericKubernetesResource t = get(k8s, ns, name).waitUntilCondition(
                    has(type, status, messagePart), minutes, TimeUnit.MINUTES);
            Map<String, Object> c = condition(t, type).orElseThrow();
            System.out.println(name + ": " + type + "=" + status + " " + c.get("message"));
            return c;
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("no " + type + "=" + status + " with '" + messagePart + "' on " + name + ": "
                    + conditions(get(k8s, ns, name).get()) + "\n" + Pods.describe(k8s, ns), e);
        }
    }

    /**
     * Applies a changed manifest, so the topology's generation moves, and waits until the operator's status says it
     * reconciled that generation: the operator is at work, not only its last status still standing.
     */
    static void applyAndAwaitReconciled(KubernetesClient k8s, String ns, String yaml) {
        String name = name(yaml);
        long before = get(k8s, ns, name).get().getMetadata().getGeneration();
        apply(k8s, ns, yaml);
        try {
            get(k8s, ns, name).waitUntilCondition(t -> t.getMetadata().getGeneration() > before
                    && t.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                    && status.get("observedGeneration") instanceof Number observed
                    && observed.longValue() == t.getMetadata().getGeneration(), 2, TimeUnit.MINUTES);
        } catch (KubernetesClientTimeoutException e) {
            throw new AssertionError("the operator did not reconcile the change of " + name + ": "
                    + conditions(get(k8s, ns, name).get()), e);
        }
    }

    static String conditions(GenericKubernetesResource t) {
        return t == null ? "no topology" : String.valueOf(t.getAdditionalProperties().get("status"));
    }

    /** StatefulSet ordinals of the brokers the routing map names, or empty when there is no map yet. */
    static TreeSet<Integer> routedOrdinals(KubernetesClient k8s, String ns, String name) {
        return ordinals(k8s.configMaps().inNamespace(ns).withName(name + "-routing").get());
    }

    /** StatefulSet ordinals of the brokers a routing ConfigMap names, or empty when it holds no map. */
    @SuppressWarnings("unchecked")
    static TreeSet<Integer> ordinals(ConfigMap cm) {
        TreeSet<Integer> out = new TreeSet<>();
        if (cm == null || cm.getData() == null || cm.getData().get("routing.json") == null) {
            return out;
        }
        Map<String, Object> map = Serialization.unmarshal(cm.getData().get("routing.json"), Map.class);
        for (Map<String, Object> b : (List<Map<String, Object>>) map.get("brokers")) {
            String host = String.valueOf(b.get("address")).split("\\.")[0];
            out.add(Integer.parseInt(host.substring(host.lastIndexOf('-') + 1)));
        }
        return out;
    }

    /** The route of {@code queue} in the topology's routing map, if the map routes it. */
    static Optional<QueueRoute> queueRoute(KubernetesClient k8s, String ns, String name, String queue) {
        ConfigMap cm = k8s.configMaps().inNamespace(ns).withName(name + "-routing").get();
        if (cm == null || cm.getData() == null || cm.getData().get(RoutingMapCodec.CONFIG_MAP_KEY) == null) {
            return Optional.empty();
        }
        return RoutingMapCodec.fromJson(cm.getData().get(RoutingMapCodec.CONFIG_MAP_KEY)).queue(queue);
    }

    /** Waits (4 minutes at most) until the routing map routes {@code queue} as {@code wanted}, named {@code what}. */
    static QueueRoute awaitQueueRoute(KubernetesClient k8s, String ns, String name, String queue,
                                      Predicate<QueueRoute> wanted, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        Optional<QueueRoute> route = Optional.empty();
        while (System.nanoTime() < deadline) {
            route = queueRoute(k8s, ns, name, queue);
            if (route.filter(wanted).isPresent()) {
                return route.get();
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the routing map never routed queue " + queue + " to " + what + ": " + route
                + "\n" + Pods.describe(k8s, ns));
    }

    /** Waits until the topology's routing map names exactly {@code brokers} brokers, all Ready. */
    static void awaitRoutedBrokers(KubernetesClient k8s, String ns, String name, int brokers)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(4);
        while (System.nanoTime() < deadline) {
            var routed = routedOrdinals(k8s, ns, name);
            if (routed.size() == brokers && readyOrdinals(k8s, ns, name).containsAll(routed)) {
                return;
            }
            Thread.sleep(500);
        }
        throw new AssertionError("the routing map never named " + brokers + " Ready brokers: "
                + routedOrdinals(k8s, ns, name) + "\n" + Pods.describe(k8s, ns));
    }

    /** The brokers of the plan of spec.workload in status; -1 without a plan. */
    static int plannedBrokers(KubernetesClient k8s, String ns, String name) {
        return status(get(k8s, ns, name).get()).map(s -> s.get("plan")).filter(Map.class::isInstance)
                .map(plan -> ((Number) ((Map<?, ?>) plan).get("brokers")).intValue()).orElse(-1);
    }

    /** The topology's status as a map, if it has one. */
    @SuppressWarnings("unchecked")
    static Optional<Map<String, Object>> status(GenericKubernetesResource t) {
        return t != null && t.getAdditionalProperties().get("status") instanceof Map<?, ?> status
                ? Optional.of((Map<String, Object>) status) : Optional.empty();
    }

    /** Ordinals of the topology's broker pods that are Ready and not being deleted. */
    static TreeSet<Integer> readyOrdinals(KubernetesClient k8s, String ns, String name) {
        TreeSet<Integer> out = new TreeSet<>();
        for (Pod p : brokerPods(k8s, ns, name)) {
            if (p.getMetadata().getDeletionTimestamp() == null && ready(p)) {
                String n = p.getMetadata().getName();
                out.add(Integer.parseInt(n.substring(n.lastIndexOf('-') + 1)));
            }
        }
        return out;
    }

    static List<Pod> brokerPods(KubernetesClient k8s, String ns, String name) {
        String prefix = name + "-broker-";
        return k8s.pods().inNamespace(ns).list().getItems().stream()
                .filter(p -> p.getMetadata().getName().startsWith(prefix)
                        && p.getMetadata().getName().substring(prefix.length()).matches("\\d+"))
                .toList();
    }

    static boolean ready(Pod p) {
        return p.getStatus() != null && p.getStatus().getConditions() != null && p.getStatus().getConditions()
                .stream().anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    /** Deletes the namespace and waits until it is gone, so the next test finds its nodes free. */
    static void deleteNamespace(KubernetesClient k8s, String ns) {
        k8s.namespaces().withName(ns).delete();
        // the operator and the garbage collector remove each topology's dependents first: allow for hundreds
        k8s.namespaces().withName(ns).waitUntilCondition(n -> n == null, 6, TimeUnit.MINUTES);
    }
}
