package io.brokerwise.operator.modelmetrics;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.api.v1alpha1.ObservedWorkloadStatus;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.api.v1alpha1.VerificationStatus;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Condition;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A topology's status as metrics (docs/operations.md, Metrics): the planned layout, its load, capacity and
 * predicted utilization, the last verification, what autoscaling observed and whether it is held, and each
 * condition. Labelled {@code namespace} and {@code topology}; a broker's own series also {@code pod}, the label its
 * pod's metrics carry, so that a query joins the prediction with the broker's measured CPU. Bounded: 17 series,
 * three per broker (its predicted utilization, its cap, its certificate's end where the operator issued it), and one
 * per condition. A figure the status lacks is left out, not exported as zero.
 */
public final class TopologySeries {

    static final String PREFIX = "brokerwise_topology_";

    private TopologySeries() {
    }

    /** As {@link #of(PubSubTopology, Instant, Map)}, with no certificate read. */
    public static List<ModelSample> of(PubSubTopology topology, Instant now) {
        return of(topology, now, Map.of());
    }

    /**
     * @param now                for whether autoscaling is inhibited
     * @param certificatesExpire when each broker pod's certificate ends ({@link CertificateExpiry})
     */
    public static List<ModelSample> of(PubSubTopology topology, Instant now, Map<String, Instant> certificatesExpire) {
        Series out = new Series(topology.getMetadata().getNamespace(), topology.getMetadata().getName());
        PubSubTopologyStatus status = topology.getStatus();
        PubSubTopologySpec spec = topology.getSpec();
        out.add("max_brokers", spec == null || spec.placement == null || spec.placement.maxBrokers == null
                ? Limits.DEFAULT_MAX_BROKERS : spec.placement.maxBrokers);
        certificatesExpire.forEach((pod, end) -> out.addForPod("certificate_expiry_timestamp_seconds", pod,
                end.getEpochSecond()));
        if (status == null) {
            return out.samples;
        }
        plan(out, status.plan, cap(spec), Names.statefulSet(topology));
        verification(out, status.verification);
        autoscaling(out, status.autoscaling, now);
        for (Condition c : status.conditions) {
            out.add("condition", c.getType(), c.getStatus());
        }
        return out.samples;
    }

    private static void plan(Series out, PlanStatus plan, Double cap, String statefulSet) {
        if (plan == null) {
            return;
        }
        out.add("publisher_groups", plan.publisherGroups);
        out.add("subscriber_groups", plan.subscriberGroups);
        out.add("brokers", plan.brokers);
        out.add("feasible", plan.feasible == null ? null : plan.feasible ? 1 : 0);
        out.add("offered_load_messages_per_second", plan.offeredLoad);
        out.add("planned_capacity_messages_per_second", plan.capacity);
        // the model predicts the most loaded broker, a bound on every broker of the layout
        for (long i = 0; plan.brokers != null && i < plan.brokers; i++) {
            String pod = statefulSet + "-" + i;
            out.addForPod("predicted_utilization", pod, plan.utilization);
            out.addForPod("utilization_cap", pod, cap);
        }
    }

    private static void verification(Series out, VerificationStatus v) {
        if (v == null) {
            return;
        }
        out.add("verified_capacity_messages_per_second", v.measuredCapacity);
        out.add("verification_predicted_capacity_messages_per_second", v.predictedCapacity);
        out.add("verification_relative_error", v.error);
    }

    private static void autoscaling(Series out, AutoscalingStatus a, Instant now) {
        if (a == null) {
            return;
        }
        ObservedWorkloadStatus o = a.observed;
        if (o != null) {
            out.add("observed_load_messages_per_second", o.offeredRate);
            out.add("observed_predicted_utilization", o.predictedUtilization);
            out.add("observed_measured_utilization", o.measuredUtilization);
            out.add("utilization_drift", drift(o));
        }
        out.add("autoscaling_recommends_change", a.recommendation == null ? 0 : 1);
        out.add("autoscaling_inhibited", inhibited(a.inhibitedUntil, now) ? 1 : 0);
        out.add("retiring_brokers", a.retiring == null ? 0 : a.retiring.size());
    }

    /**
     * The busiest broker's measured CPU over its predicted utilization: 1 where the profile is right, above 1 where
     * the brokers work harder than it says. The monitoring's alert and the learned profiles read the same figure.
     */
    static Double drift(ObservedWorkloadStatus o) {
        return o.measuredUtilization == null || o.predictedUtilization == null || !(o.predictedUtilization > 0)
                ? null : o.measuredUtilization / o.predictedUtilization;
    }

    private static boolean inhibited(String until, Instant now) {
        try {
            return until != null && Instant.parse(until).isAfter(now);
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static Double cap(PubSubTopologySpec spec) {
        return spec == null || spec.objectives == null ? null : spec.objectives.maxUtilization;
    }

    /** The samples of one topology, each labelled with it. */
    private static final class Series {
        private final String namespace;
        private final String topology;
        private final List<ModelSample> samples = new ArrayList<>();

        Series(String namespace, String topology) {
            this.namespace = namespace;
            this.topology = topology;
        }

        void add(String name, Number value) {
            put(name, Map.of(), value);
        }

        void addForPod(String name, String pod, Number value) {
            put(name, Map.of("pod", pod), value);
        }

        void add(String name, String condition, String status) {
            put(name, Map.of("condition", condition, "status", status), 1);
        }

        private void put(String name, Map<String, String> extra, Number value) {
            if (value == null) {
                return;
            }
            Map<String, String> labels = new LinkedHashMap<>();
            labels.put("namespace", namespace);
            labels.put("topology", topology);
            labels.putAll(extra);
            samples.add(new ModelSample(PREFIX + name, Map.copyOf(labels), value.doubleValue()));
        }
    }
}
