package io.brokerwise.operator.layout;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.model.topology.Layout;
import io.fabric8.kubernetes.api.model.PersistentVolumeClaim;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.PodCondition;
import io.brokerwise.routing.RoutingMap;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Which broker pods are Ready, by StatefulSet ordinal, and for the rest why not (the scheduler's
 * message for a Pending pod, a volume claim it waits for, the container's state otherwise). The routing map moves to
 * a new layout only when all its brokers are Ready; the Ready condition names the missing ones.
 *
 * @param configs    the hash of the broker.xml each pod started with ({@link Names#CONFIG_HASH_ANNOTATION})
 * @param templates  the hash of the pod template each pod was made from ({@link Names#TEMPLATE_HASH_ANNOTATION})
 * @param nodes      the node each scheduled pod runs on
 * @param unschedulable the pods the scheduler found no node for
 * @param anyPending whether a broker pod is Pending: what it waits for (the scheduler, a volume) sends no event
 */
public record BrokerReadiness(Map<Integer, String> notReady, Map<Integer, Boolean> ready, Map<Integer, String> configs,
                              Map<Integer, String> templates, Map<Integer, String> nodes,
                              Set<Integer> unschedulable, boolean anyPending) {

    /** Set on a claim once the scheduler has picked the node its volume must be on. */
    static final String SELECTED_NODE = "volume.kubernetes.io/selected-node";
    /** Set on a claim whose volume an external provisioner is to make. */
    static final String PROVISIONER = "volume.kubernetes.io/storage-provisioner";


    /** From the operator's cache of broker pods (all topologies); keeps this topology's. */
    public static BrokerReadiness of(PubSubTopology topology, Collection<Pod> brokerPods) {
        return of(topology, brokerPods, claim -> Optional.empty());
    }

    /**
     * The same, with the claims a Pending pod waits for looked up by name in the topology's namespace
     * ({@code claims}: asked only for a Pending pod's claims, so a topology whose brokers run asks nothing).
     */
    public static BrokerReadiness of(PubSubTopology topology, Collection<Pod> brokerPods,
                                     Function<String, Optional<PersistentVolumeClaim>> claims) {
        var pods = brokerPods.stream()
                .filter(p -> topology.getMetadata().getNamespace().equals(p.getMetadata().getNamespace())
                        && topology.getMetadata().getName().equals(p.getMetadata().getLabels().get(Names.INSTANCE_LABEL)))
                .toList();
        Map<Integer, Boolean> ready = new TreeMap<>();
        Map<Integer, String> notReady = new TreeMap<>();
        Map<Integer, String> configs = new TreeMap<>();
        Map<Integer, String> templates = new TreeMap<>();
        Map<Integer, String> nodes = new TreeMap<>();
        Set<Integer> unschedulable = new TreeSet<>();
        boolean anyPending = false;
        String prefix = Names.statefulSet(topology) + "-";
        for (Pod pod : pods) {
            String name = pod.getMetadata().getName();
            if (!name.startsWith(prefix) || pod.getMetadata().getDeletionTimestamp() != null) {
                continue;
            }
            int ordinal = Integer.parseInt(name.substring(prefix.length()));
            boolean isReady = condition(pod, "Ready").map(c -> "True".equals(c.getStatus())).orElse(false);
            ready.put(ordinal, isReady);
            Optional.ofNullable(pod.getMetadata().getAnnotations()).map(a -> a.get(Names.CONFIG_HASH_ANNOTATION))
                    .ifPresent(config -> configs.put(ordinal, config));
            Optional.ofNullable(pod.getMetadata().getAnnotations()).map(a -> a.get(Names.TEMPLATE_HASH_ANNOTATION))
                    .ifPresent(template -> templates.put(ordinal, template));
            Optional.ofNullable(pod.getSpec()).map(s -> s.getNodeName()).ifPresent(node -> nodes.put(ordinal, node));
            if (condition(pod, "PodScheduled").filter(c -> "False".equals(c.getStatus())).isPresent()) {
                unschedulable.add(ordinal);
            }
            if (!isReady) {
                notReady.put(ordinal, why(pod, claims));
            }
            anyPending |= pending(pod);
        }
        return new BrokerReadiness(notReady, ready, configs, templates, nodes, unschedulable, anyPending);
    }

    /** Whether the broker of this ordinal runs and is Ready. */
    public boolean ready(int ordinal) {
        return ready.getOrDefault(ordinal, false);
    }

    /** Whether brokers 0 .. n-1 all run and are Ready. */
    public boolean allReady(int n) {
        return IntStream.range(0, n).allMatch(i -> ready.getOrDefault(i, false));
    }

    /**
     * Whether broker {@code ordinal} is Ready on the broker.xml of hash {@code config}: a broker reads its
     * configuration only when it starts, so one Ready on an earlier broker.xml lacks what only the new one declares.
     */
    public boolean readyOn(int ordinal, String config) {
        return ready.getOrDefault(ordinal, false) && config.equals(configs.get(ordinal));
    }

    /**
     * The Ready condition of the layout being deployed: all its brokers Ready, or which are not and why. Its brokers
     * are those the routing map names once clients follow that layout (a rollout moves a cell to another ordinal),
     * ordinals 0 up to its size until then.
     */
    public Conditions.Verdict readyCondition(PubSubTopology topology, Layout layout, Optional<RoutingMap> routed) {
        int n = Math.toIntExact(layout.brokers());
        List<Integer> brokers = routed.filter(m -> m.publisherGroups() == layout.publisherGroups()
                        && m.subscriberGroups() == layout.subscriberGroups())
                .map(m -> m.brokers().stream().map(Names::ordinal).toList())
                .orElseGet(() -> IntStream.range(0, n).boxed().toList());
        long readyCount = brokers.stream().filter(this::ready).count();
        if (readyCount == n) {
            return new Conditions.Verdict(Conditions.READY, true, "BrokersReady",
                    "all " + n + " brokers of " + layout + " are Ready");
        }
        String missing = brokers.stream().filter(i -> !ready(i))
                .map(i -> Names.statefulSet(topology) + "-" + i + " (" + notReady.getOrDefault(i, "no pod yet") + ")")
                .limit(5).collect(Collectors.joining("; "));
        return new Conditions.Verdict(Conditions.READY, false, "BrokersNotReady",
                readyCount + " of " + n + " brokers Ready; missing: " + missing + (n - readyCount > 5 ? "; ..." : ""));
    }

    private static String why(Pod pod, Function<String, Optional<PersistentVolumeClaim>> claims) {
        // before the scheduler's message: once it has picked a node for the claim, what it last said is stale
        Optional<String> unbound = pending(pod) ? unboundClaim(pod, claims) : Optional.empty();
        if (unbound.isPresent()) {
            return unbound.get();
        }
        Optional<PodCondition> scheduled = condition(pod, "PodScheduled").filter(c -> "False".equals(c.getStatus()));
        if (scheduled.isPresent()) {
            return "unschedulable: " + scheduled.get().getMessage();
        }
        if (pod.getStatus() != null && pod.getStatus().getContainerStatuses() != null) {
            for (var cs : pod.getStatus().getContainerStatuses()) {
                if (cs.getState() != null && cs.getState().getWaiting() != null) {
                    return cs.getState().getWaiting().getReason();
                }
            }
        }
        return pod.getStatus() == null ? "unknown" : pod.getStatus().getPhase();
    }

    /**
     * A claim of the pod that the scheduler has picked a node for and that has no volume yet, with its StorageClass
     * and the provisioner it waits for: a class whose provisioner does not run, or cannot make the volume, leaves the
     * pod Pending, and the scheduler's last word on it may be a stale conflict. A claim no node was picked for yet
     * (WaitForFirstConsumer) is waiting for the pod, not the other way round: the scheduler's message says why.
     */
    private static Optional<String> unboundClaim(Pod pod, Function<String, Optional<PersistentVolumeClaim>> claims) {
        return pod.getSpec().getVolumes().stream().filter(v -> v.getPersistentVolumeClaim() != null)
                .map(v -> v.getPersistentVolumeClaim().getClaimName())
                .flatMap(name -> claims.apply(name).stream())
                .filter(c -> (c.getStatus() == null || !"Bound".equals(c.getStatus().getPhase()))
                        && annotation(c, SELECTED_NODE) != null)
                .findFirst().map(BrokerReadiness::waitingFor);
    }

    private static String annotation(PersistentVolumeClaim claim, String key) {
        return Optional.ofNullable(claim.getMetadata().getAnnotations()).map(a -> a.get(key)).orElse(null);
    }

    private static String waitingFor(PersistentVolumeClaim claim) {
        String provisioner = annotation(claim, PROVISIONER);
        return "waiting for its journal claim " + claim.getMetadata().getName() + " ("
                + (claim.getStatus() == null ? "Pending" : claim.getStatus().getPhase()) + ", StorageClass "
                + claim.getSpec().getStorageClassName() + "): "
                + (provisioner == null ? "no volume yet" : "no volume from provisioner " + provisioner + " yet")
                + "; kubectl describe pvc " + claim.getMetadata().getName() + " says why";
    }

    private static boolean pending(Pod pod) {
        return pod.getStatus() == null || "Pending".equals(pod.getStatus().getPhase());
    }

    private static Optional<PodCondition> condition(Pod pod, String type) {
        if (pod.getStatus() == null || pod.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        return pod.getStatus().getConditions().stream().filter(c -> type.equals(c.getType())).findFirst();
    }
}
