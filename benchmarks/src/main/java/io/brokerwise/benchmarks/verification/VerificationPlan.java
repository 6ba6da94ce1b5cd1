package io.brokerwise.benchmarks.verification;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.measure.contract.SaturatedLoad;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What {@code verify} measures for a PubSubTopology: its plan (as {@code brokerwise plan} makes it, with the local
 * brokers as the limit), the planned layout and the rejected ones that fit here, the workload's filters as
 * subscribers, and the size of the measured messages.
 *
 * @param layouts        the plan's layout first, then rejected ones that fit here, in the planner's order
 * @param maxUtilization the objective the plan's capacities are at; a layout's prediction is at full utilization
 */
public record VerificationPlan(Plan plan, ServiceTimeProfile profile, List<LayoutEvaluation> layouts,
                               SelectorDesign design, int messageBytes, double maxUtilization) {

    /** Filters (JMS consumers) a local run can hold on this machine class; bigger workloads are refused. */
    public static final int MAX_LOCAL_FILTERS = 256;
    /**
     * What the calibration's messages carried: the times of a profile without per-byte times are per message of
     * this size, so that is what verify measures with such a profile.
     */
    public static final int CALIBRATED_MESSAGE_BYTES = 100;

    /**
     * @param profiles     BrokerProfiles the topology's profileRef may name, besides the built-in ones
     * @param maxBrokers   the local brokers at most
     * @param alternatives rejected layouts to measure as well
     */
    public static VerificationPlan of(PubSubTopology topology, List<BrokerProfile> profiles, int maxBrokers,
                                      int alternatives) {
        PubSubTopologySpec spec = topology.getSpec();
        ServiceTimeProfile profile = profile(spec, profiles);
        PlanningInput input = PlanningInput.of(topology).withAvailableBrokers(maxBrokers);
        Plan plan = new TopologyPlanner().plan(input.workload(), profile, input.objectives(), input.limits(),
                input.mode());
        return new VerificationPlan(plan, profile, layouts(plan, maxBrokers, alternatives),
                design(input.workload(), spec.workload.filtersOnCorrelationId(), "spec.workload"), messageBytes(profile, input.workload()),
                input.objectives().maxUtilization());
    }

    /** One {@link LayoutRuns} per layout to measure, each with its prediction at full utilization. */
    public List<LayoutRuns> layoutRuns() {
        return layouts.stream().map(e -> new LayoutRuns(e, planned(e.layout()),
                e.capacity() / maxUtilization)).toList();
    }

    boolean planned(Layout layout) {
        return plan.chosen().map(c -> c.layout().equals(layout)).orElse(false);
    }

    /** Why the planner did not choose this layout; empty for the planned one. */
    Optional<String> rejectedBecause(Layout layout) {
        return plan.alternatives().stream().filter(a -> a.evaluation().layout().equals(layout)).findFirst()
                .map(Plan.Alternative::reason);
    }

    /** The workload's size when the profile charges size (the prediction is for it), else the calibration's. */
    static int messageBytes(ServiceTimeProfile profile, Workload workload) {
        return profile.parameters().chargesSize() ? workload.messageSizeBytes() : CALIBRATED_MESSAGE_BYTES;
    }

    private static List<LayoutEvaluation> layouts(Plan plan, int maxBrokers, int alternatives) {
        List<LayoutEvaluation> out = new ArrayList<>();
        plan.chosen().ifPresent(out::add);
        int limit = out.size() + alternatives;
        for (Plan.Alternative a : plan.alternatives()) {
            LayoutEvaluation e = a.evaluation();
            if (out.size() < limit && e.brokers() <= maxBrokers
                    && out.stream().noneMatch(o -> o.layout().equals(e.layout()))) {
                out.add(e);
            }
        }
        return out;
    }

    /** The profile the topology names: a BrokerProfile given to verify, else a built-in one. */
    static ServiceTimeProfile profile(PubSubTopologySpec spec, List<BrokerProfile> profiles) {
        return ProfileResolver.resolve(spec.profileRef == null ? null : spec.profileRef.name,
                ProfileResolver.filterKind(spec), profiles, "spec.profileRef.name");
    }

    /**
     * A workload's filters as load-generator subscribers, as a benchmark Job's ({@link SaturatedLoad}).
     *
     * @param field the workload's field, which a refusal names
     */
    static SelectorDesign design(Workload w, boolean correlationIdFilters, String field) {
        long filters = SaturatedLoad.filters(w);
        if (filters > MAX_LOCAL_FILTERS) {
            throw new ManifestException(field + ": " + filters + " filters (subscribers x filtersPerSubscriber) "
                    + "are more than a local run holds (" + MAX_LOCAL_FILTERS + "); verify a scaled-down workload");
        }
        return SaturatedLoad.subscribers(w, correlationIdFilters);
    }
}
