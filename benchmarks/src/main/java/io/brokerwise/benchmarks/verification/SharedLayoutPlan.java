package io.brokerwise.benchmarks.verification;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.Topic;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;

/**
 * What {@code verify} measures for a topology of several topics (spec.topics) on one layout: the planned layout, and
 * each topic's filters as subscribers and its message size. Saturated publishers of several topics settle on a mix
 * of their own, not the spec's, so a run is judged at the mix it measured: the model's utilization of the busiest
 * broker at the measured rates is measured over predicted capacity at that mix (saturation is utilization 1).
 *
 * @param designs      each topic's filters as subscribers, in the spec's order
 * @param messageBytes each topic's measured message size
 */
public record SharedLayoutPlan(PlanningInput input, ServiceTimeProfile profile, Plan plan, LayoutEvaluation planned,
                               List<SelectorDesign> designs, List<Integer> messageBytes) {

    /**
     * @param profiles   BrokerProfiles the topology's profileRef may name, besides the built-in ones
     * @param maxBrokers the local brokers at most
     */
    public static SharedLayoutPlan of(PubSubTopology topology, List<BrokerProfile> profiles, int maxBrokers) {
        PubSubTopologySpec spec = topology.getSpec();
        PlanningInput input = PlanningInput.of(topology).withAvailableBrokers(maxBrokers);
        if (!input.queues().isEmpty()) {
            throw new ManifestException("spec.queues: verify measures the topics of a layout; measure a replicated "
                    + "queue with brokerwise-bench queues, and remove spec.queues here");
        }
        ServiceTimeProfile profile = VerificationPlan.profile(spec, profiles);
        Plan plan = new TopologyPlanner().plan(input.topics(), profile, input.objectives(), input.limits(),
                input.mode());
        LayoutEvaluation planned = plan.chosen().orElseThrow(() -> new ManifestException("spec.topics: no layout of "
                + "at most " + input.limits().maxBrokers() + " brokers carries them (see brokerwise plan)"));
        List<SelectorDesign> designs = new ArrayList<>();
        List<Integer> bytes = new ArrayList<>();
        for (int i = 0; i < input.topics().size(); i++) {
            Workload w = input.topics().get(i).workload();
            designs.add(design(w, spec.workloads().get(i).filtersOnCorrelationId(), input.topicField(i)));
            bytes.add(VerificationPlan.messageBytes(profile, w));
        }
        return new SharedLayoutPlan(input, profile, plan, planned, List.copyOf(designs), List.copyOf(bytes));
    }

    public Layout layout() {
        return planned.layout();
    }

    /** The plan's capacity at the spec's mix and full utilization, msgs/s published over all topics. */
    public double predictedAtSpecMix() {
        return planned.capacity() / input.objectives().maxUtilization();
    }

    /**
     * The model's utilization of the layout's busiest broker at these measured rates.
     *
     * @param publishers each topic's publishers as measured
     * @param published  each topic's published msgs/s as measured
     */
    public double utilizationAt(int[] publishers, double[] published) {
        List<Topic> measured = new ArrayList<>();
        for (int i = 0; i < published.length; i++) {
            Topic t = input.topics().get(i);
            measured.add(new Topic(t.name(), t.workload().withPublishers(publishers[i], published[i] / publishers[i]),
                    t.maxWaitingSeconds()));
        }
        return new TopologyEvaluator(measured, profile, input.objectives(), input.limits()).load(layout())
                .utilization();
    }

    private static SelectorDesign design(Workload w, boolean correlationIdFilters, String field) {
        if (w.subscribers() == 0) {
            throw new ManifestException(field + ".subscribers: verify measures what the topic's subscribers cost, and "
                    + "it has none; give it subscribers, or leave the topic out of the verified topology");
        }
        return VerificationPlan.design(w, correlationIdFilters, field);
    }
}
