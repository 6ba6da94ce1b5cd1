package io.brokerwise.operator.calibration;

import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunSpec;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.api.v1alpha1.WorkloadSpec;
import io.brokerwise.operator.dependent.BrokerSet;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.dependent.DependentResource;
import io.javaoperatorsdk.operator.processing.dependent.workflow.Condition;

/**
 * The single broker (1x1) a calibration measures: placed and sized by {@code spec.calibration}, rendered like a
 * topology's brokers, owned by its BenchmarkRun and there only while the run has not ended.
 */
public final class TemporaryBroker {

    private TemporaryBroker() {
    }

    /** The name prefix of the temporary broker's objects; also its topic. */
    public static String name(BenchmarkRun run) {
        return run.getMetadata().getName() + "-calibration";
    }

    public static BrokerSet of(BenchmarkRun run) {
        CalibrationSpec c = run.getSpec().calibration;
        return new BrokerSet(name(run), run.getMetadata().getNamespace(), c.placement, c.broker,
                c.deliveryMode == WorkloadSpec.DeliveryMode.Persistent);
    }

    /** The temporary broker exists while a Calibrate run has not ended; then the workflow deletes it. */
    public static class WhileCalibrating implements Condition<HasMetadata, BenchmarkRun> {
        @Override
        public boolean isMet(DependentResource<HasMetadata, BenchmarkRun> dependent, BenchmarkRun run,
                             Context<BenchmarkRun> context) {
            return run.getSpec().mode == BenchmarkRunSpec.Mode.Calibrate
                    && !(run.getStatus() != null && run.getStatus().finished());
        }
    }
}
