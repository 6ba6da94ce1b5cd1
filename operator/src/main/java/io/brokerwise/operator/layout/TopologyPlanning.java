package io.brokerwise.operator.layout;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.MessageSizes;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.ProfileNotFoundException;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.api.planning.SpecValidator;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.fabric8.kubernetes.api.model.Node;
import java.util.Collection;
import java.util.List;

/**
 * From a PubSubTopology and what the cluster offers (nodes, profiles) to a plan, or to the reason
 * there is none. Pure: the reconciler feeds it from its caches, tests feed it directly.
 */
public final class TopologyPlanning {

    /** What planning came to. */
    public sealed interface Outcome permits Invalid, NoNodes, Planned {
    }

    /**
     * No Ready, schedulable node matches the placement: there is nowhere to put a broker. {@code wouldNeed}
     * is the plan within the spec's own broker limit, so status can show what the workload needs.
     */
    public record NoNodes(String message, Planned wouldNeed) implements Outcome {
    }

    /** The spec or its profile cannot be planned; {@code reason} is a condition reason. */
    public record Invalid(String reason, String message) implements Outcome {
    }

    /** @param queues each of spec.queues planned within the same broker limit, in the spec's order */
    public record Planned(PlanningInput input, Plan plan, ServiceTimeProfile profile,
                          long dedicatedNodes, long planNanos, List<QueuePlan> queues) implements Outcome {
    }

    private final TopologyPlanner planner = new TopologyPlanner();

    public Outcome plan(PubSubTopology topology, Collection<Node> nodes, Collection<BrokerProfile> profiles) {
        if (topology.getSpec() == null) {
            return new Invalid("InvalidSpec", "spec: required");
        }
        try {
            var spec = topology.getSpec();
            // the whole resource: a queue named like the topic, which is the topology's name, is refused too
            List<String> problems = SpecValidator.validate(topology);
            if (!problems.isEmpty()) {
                throw new ManifestException(problems);
            }
            // validation also fills in the defaults the placement and the profile lookup read
            PlanningInput validated = PlanningInput.of(topology);
            long nodeCount = DedicatedNodes.count(nodes, spec.placement);
            var profile = profile(topology, profiles);
            List<ServiceTimeProfile> queueProfiles = queueProfiles(topology, profiles);
            MessageSizes.check(validated, profile, queueProfiles);
            if (nodeCount == 0) {
                Planned wouldNeed = plan(validated, profile, queueProfiles, 0);
                return new NoNodes(noNodesMessage(spec.placement, wouldNeed), wouldNeed);
            }
            PlanningInput input = validated.withAvailableBrokers(DedicatedNodes.brokerLimit(nodes, spec.placement));
            return plan(input, profile, queueProfiles, nodeCount);
        } catch (ProfileNotFoundException e) {
            return new Invalid("ProfileNotFound", String.join("; ", e.problems()));
        } catch (ManifestException e) {
            return new Invalid("InvalidSpec", String.join("; ", e.problems()));
        }
    }

    private Planned plan(PlanningInput input, ServiceTimeProfile profile, List<ServiceTimeProfile> queueProfiles,
                         long nodeCount) {
        long started = System.nanoTime();
        List<QueuePlan> queues = QueuePlan.all(input, queueProfiles);
        Plan plan = planner.plan(input.topics(), QueuePlan.onLayout(queues), profile, input.objectives(),
                input.limits(), input.mode());
        long planNanos = System.nanoTime() - started;
        return new Planned(input, plan, profile, nodeCount, planNanos, queues);
    }

    private static String noNodesMessage(io.brokerwise.api.v1alpha1.PlacementSpec placement, Planned wouldNeed) {
        String nodes = "no Ready, schedulable node matches spec.placement (nodeSelector " + placement.nodeSelector
                + ", with the taints its tolerations allow)";
        Plan plan = wouldNeed.plan();
        if (!plan.feasible()) {
            return nodes + "; even with nodes nothing is feasible: " + plan.bindingMessage();
        }
        var layout = plan.chosen().orElseThrow().layout();
        long brokers = layout.brokers();
        long needed = (brokers + placement.brokersPerNode - 1) / placement.brokersPerNode;
        return nodes + "; status.plan needs " + brokers + " broker" + (brokers == 1 ? "" : "s") + " (" + layout
                + ") on " + needed + " such node" + (needed == 1 ? "" : "s");
    }

    /** Only the profiles of the topology's own namespace count. */
    public static ServiceTimeProfile profile(PubSubTopology topology,
                                                                    Collection<BrokerProfile> profiles) {
        return ProfileResolver.forTopology(topology.getSpec(), sameNamespace(topology, profiles));
    }

    /** Each queue's profile, in the spec's order: the topology's, in the variant of the queue's delivery and selector. */
    private static List<ServiceTimeProfile> queueProfiles(PubSubTopology topology, Collection<BrokerProfile> profiles) {
        List<BrokerProfile> visible = sameNamespace(topology, profiles);
        List<QueueSpec> queues = topology.getSpec().queues == null ? List.of() : topology.getSpec().queues;
        return queues.stream().map(q -> ProfileResolver.forQueue(topology.getSpec(), q, visible)).toList();
    }

    private static List<BrokerProfile> sameNamespace(PubSubTopology topology, Collection<BrokerProfile> profiles) {
        return profiles.stream()
                .filter(p -> topology.getMetadata().getNamespace().equals(p.getMetadata().getNamespace())).toList();
    }
}
