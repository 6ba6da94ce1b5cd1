package io.brokerwise.operator.topology;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.ProfileNotFoundException;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.fabric8.kubernetes.api.model.Node;
import java.util.Collection;

/**
 * From a PubSubTopology and what the cluster offers (nodes, profiles) to a plan, or to the reason
 * there is none. Pure: the reconciler feeds it from its caches, tests feed it directly.
 */
public final class TopologyPlanning {

    /** What planning came to. */
    public sealed interface Outcome permits Invalid, NoNodes, Planned {
    }

    /** No Ready, schedulable node matches the placement: there is nowhere to put a broker. */
    public record NoNodes(String message) implements Outcome {
    }

    /** The spec or its profile cannot be planned; {@code reason} is a condition reason. */
    public record Invalid(String reason, String message) implements Outcome {
    }

    public record Planned(PlanningInput input, Plan plan, io.brokerwise.model.service.BrokerProfile profile,
                          long dedicatedNodes, long planNanos) implements Outcome {
    }

    private final TopologyPlanner planner = new TopologyPlanner();

    public Outcome plan(PubSubTopology topology, Collection<Node> nodes, Collection<BrokerProfile> profiles) {
        if (topology.getSpec() == null) {
            return new Invalid("InvalidSpec", "spec: required");
        }
        try {
            var spec = topology.getSpec();
            // validation also fills in the defaults the placement and the profile lookup read
            PlanningInput validated = PlanningInput.from(spec);
            long nodeCount = DedicatedNodes.count(nodes, spec.placement);
            var profile = profile(topology, profiles);
            if (nodeCount == 0) {
                return new NoNodes("no Ready, schedulable node matches spec.placement (nodeSelector "
                        + spec.placement.nodeSelector + ", with the taints its tolerations allow)");
            }
            PlanningInput input = validated.withAvailableBrokers(DedicatedNodes.brokerLimit(nodes, spec.placement));
            long started = System.nanoTime();
            Plan plan = planner.plan(input.workload(), profile, input.objectives(), input.limits(), input.mode());
            return new Planned(input, plan, profile, nodeCount, System.nanoTime() - started);
        } catch (ProfileNotFoundException e) {
            return new Invalid("ProfileNotFound", String.join("; ", e.problems()));
        } catch (ManifestException e) {
            return new Invalid("InvalidSpec", String.join("; ", e.problems()));
        }
    }

    /** Only the profiles of the topology's own namespace count. */
    public static io.brokerwise.model.service.BrokerProfile profile(PubSubTopology topology,
                                                                    Collection<BrokerProfile> profiles) {
        var spec = topology.getSpec();
        var sameNamespace = profiles.stream()
                .filter(p -> topology.getMetadata().getNamespace().equals(p.getMetadata().getNamespace())).toList();
        return ProfileResolver.resolve(spec.profileRef == null ? null : spec.profileRef.name,
                ProfileResolver.filterKind(spec), sameNamespace, "spec.profileRef.name");
    }
}
