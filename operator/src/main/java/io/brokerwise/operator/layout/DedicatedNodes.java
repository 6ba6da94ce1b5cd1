package io.brokerwise.operator.layout;

import io.brokerwise.api.v1alpha1.PlacementSpec;
import io.fabric8.kubernetes.api.model.Node;
import io.fabric8.kubernetes.api.model.Taint;
import io.fabric8.kubernetes.api.model.Toleration;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The nodes a topology's brokers may run on: Ready, schedulable, carrying every label of the
 * placement's node selector, and with every NoSchedule or NoExecute taint tolerated. Their number
 * times {@code brokersPerNode} is the broker limit the planner gets.
 */
public final class DedicatedNodes {

    private DedicatedNodes() {
    }

    public static long count(Collection<Node> nodes, PlacementSpec placement) {
        return nodes.stream().filter(n -> eligible(n, placement)).count();
    }

    public static int brokerLimit(Collection<Node> nodes, PlacementSpec placement) {
        return (int) Math.min(Integer.MAX_VALUE, count(nodes, placement) * placement.brokersPerNode);
    }

    /**
     * Whether an update of a node can change which topologies it serves: its readiness, its being cordoned, its
     * labels or its taints, what {@link #eligible} reads. A node's status is also rewritten by every heartbeat
     * (kubelet's, kwok's), which must not re-plan every topology.
     */
    public static boolean placementChanged(Node now, Node before) {
        return ready(now) != ready(before)
                || !Objects.equals(now.getSpec().getUnschedulable(), before.getSpec().getUnschedulable())
                || !Objects.equals(now.getMetadata().getLabels(), before.getMetadata().getLabels())
                || !Objects.equals(now.getSpec().getTaints(), before.getSpec().getTaints());
    }

    static boolean eligible(Node node, PlacementSpec placement) {
        return ready(node) && !Boolean.TRUE.equals(node.getSpec().getUnschedulable())
                && matches(node.getMetadata().getLabels(), placement.nodeSelector)
                && tolerated(node.getSpec().getTaints(), placement.tolerations);
    }

    private static boolean ready(Node node) {
        return node.getStatus() != null && node.getStatus().getConditions() != null
                && node.getStatus().getConditions().stream()
                        .anyMatch(c -> "Ready".equals(c.getType()) && "True".equals(c.getStatus()));
    }

    private static boolean matches(Map<String, String> labels, Map<String, String> selector) {
        if (selector == null || selector.isEmpty()) {
            return true;
        }
        return labels != null && selector.entrySet().stream().allMatch(e -> e.getValue().equals(labels.get(e.getKey())));
    }

    private static boolean tolerated(List<Taint> taints, List<Toleration> tolerations) {
        if (taints == null) {
            return true;
        }
        return taints.stream()
                .filter(t -> "NoSchedule".equals(t.getEffect()) || "NoExecute".equals(t.getEffect()))
                .allMatch(t -> tolerations != null && tolerations.stream().anyMatch(tol -> tolerates(tol, t)));
    }

    /** Kubernetes' rule: an empty key with Exists tolerates everything; Equal needs key and value. */
    private static boolean tolerates(Toleration tol, Taint taint) {
        if (tol.getEffect() != null && !tol.getEffect().isEmpty() && !tol.getEffect().equals(taint.getEffect())) {
            return false;
        }
        if (tol.getKey() == null || tol.getKey().isEmpty()) {
            return "Exists".equals(tol.getOperator());
        }
        if (!tol.getKey().equals(taint.getKey())) {
            return false;
        }
        return "Exists".equals(tol.getOperator()) || Objects.equals(tol.getValue(), taint.getValue());
    }
}
