package io.brokerwise.operator.temporary;

import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.operator.dependent.BrokerSet;
import io.brokerwise.operator.dependent.BrokerTrust;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;

/**
 * Brokers a BenchmarkRun deploys for itself and measures, rendered like a topology's brokers and owned by the run:
 * a calibration's single broker (1x1, placed and sized by {@code spec.calibration}), or a layout the planner did not
 * choose ({@code spec.layout}, beside the topology's running brokers, with its placement and broker size). The run's
 * reconcile step puts them in the workflow's context while it has not ended; without them there the workflow
 * deletes their objects.
 */
public record TemporaryBrokers(BrokerSet set, Layout layout) {

    /** The name prefix of the temporary brokers' objects; also their topic. */
    public static String name(BenchmarkRun run) {
        return run.getMetadata().getName() + (run.getSpec().mode == BenchmarkRunSpec.Mode.Calibrate ? "-calibration"
                : "-layout");
    }

    /** Whether the run measures brokers of its own rather than its topology's. */
    public static boolean deployedBy(BenchmarkRun run) {
        return run.getSpec().mode == BenchmarkRunSpec.Mode.Calibrate || run.getSpec().layout != null;
    }

    /** A calibration's one broker. */
    public static TemporaryBrokers forCalibration(BenchmarkRun run) {
        CalibrationSpec c = run.getSpec().calibration;
        return new TemporaryBrokers(BrokerSet.temporary(name(run), run.getMetadata().getNamespace(), c.placement,
                c.broker, c.deliveryMode == WorkloadSpec.DeliveryMode.Persistent), new Layout(1, 1));
    }

    /** The run's {@code spec.layout}, placed and sized as the topology's brokers are. */
    public static TemporaryBrokers forLayout(BenchmarkRun run, PubSubTopology topology, Layout layout) {
        var workload = run.getSpec().workload != null ? run.getSpec().workload : topology.getSpec().workload;
        return new TemporaryBrokers(BrokerSet.of(topology, workload).named(name(run)), layout);
    }

    /** Keeps the brokers, and the CA of their certificates, for this reconciliation's workflow. */
    public void keep(BenchmarkRun run, Context<BenchmarkRun> context) {
        BrokerTrust.keep(set, run, context);
        WorkflowInputs.put(context, this);
    }

    static TemporaryBrokers kept(Context<BenchmarkRun> context) {
        return WorkflowInputs.get(context, TemporaryBrokers.class);
    }

    /** The temporary brokers exist while the run keeps them; then the workflow deletes them. */
    public static class WhileKept implements Condition<HasMetadata, BenchmarkRun> {
        @Override
        public boolean isMet(DependentResource<HasMetadata, BenchmarkRun> dependent, BenchmarkRun run,
                             Context<BenchmarkRun> context) {
            return WorkflowInputs.find(context, TemporaryBrokers.class).isPresent();
        }
    }
}
