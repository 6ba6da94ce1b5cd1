package io.brokerwise.benchmarks.measurement;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.measure.contract.SaturatedLoad;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.routing.RoutingMap;

/**
 * A deployed PubSubTopology's load, from the topology as {@code kubectl get -o json} prints it: the layout of its plan
 * ({@code status.plan}) and the {@link SaturatedLoad} a BenchmarkRun's Job measures that layout with.
 */
public record TopologyLoad(Layout layout, SaturatedLoad load) {

    public static TopologyLoad of(PubSubTopology topology) {
        if (topology.getSpec() == null) {
            throw new ManifestException("spec: required");
        }
        PlanStatus plan = topology.getStatus() == null ? null : topology.getStatus().plan;
        if (plan == null || plan.publisherGroups == null || plan.subscriberGroups == null) {
            throw new ManifestException("status.plan: the topology has no plan, and the load is for the plan's layout: "
                    + "give the topology as kubectl get pubsubtopology NAME -o json prints it once it is planned");
        }
        // validated, with the defaults filled in
        PlanningInput input = PlanningInput.of(topology);
        WorkloadSpec workload = topology.getSpec().workload;
        return new TopologyLoad(new Layout(plan.publisherGroups, plan.subscriberGroups), SaturatedLoad.of(
                input.workload(), plan.publisherGroups, workload.persistent(), workload.filtersOnCorrelationId()));
    }

    /** Refuses brokers routed as another layout: the load is for the plan's, as the Job's is for the routed one. */
    public void requireRoutedBy(RoutingMap map) {
        Layout routed = new Layout(map.publisherGroups(), map.subscriberGroups());
        if (!routed.equals(layout)) {
            throw new IllegalArgumentException("the routing map routes layout " + routed.dimensions() + ", the "
                    + "topology's status.plan is " + layout.dimensions() + ": measure the topology once it is Ready");
        }
    }
}
