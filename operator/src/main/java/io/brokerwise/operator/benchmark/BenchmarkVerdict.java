package io.brokerwise.operator.benchmark;

import io.brokerwise.api.v1alpha1.BenchmarkPointStatus;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus;
import io.brokerwise.api.v1alpha1.IntervalStatus;
import io.brokerwise.measure.contract.BrokerCounts;
import io.brokerwise.measure.contract.LatencyPercentiles;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.stats.SampleSummary;
import io.brokerwise.model.stats.ToleranceVerdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Measured against predicted: each point's figures beside the model's, and for a saturated run the verdict on
 * its repeated runs' capacity against the tolerance: within when the whole 95% interval of measured over predicted
 * lies in 1 +- tolerance, outside when none of it does, and inconclusive (with the runs that would settle it) when
 * it straddles a bound (the model library's {@link ToleranceVerdict}). A run that broke the validity rule gives no
 * verdict but NotValid: a broker that was not the bottleneck did not show its capacity.
 */
final class BenchmarkVerdict {

    static final String WITHIN = "WithinTolerance";
    static final String OUTSIDE = "OutsideTolerance";
    static final String INCONCLUSIVE = "Inconclusive";
    static final String NOT_VALID = "NotValid";

    private BenchmarkVerdict() {
    }

    /** Fills status.points, and for Saturate the capacity figures and the verdict. */
    static void fill(BenchmarkRunStatus status, BenchmarkDesign design, List<LoadResult> results, double tolerance,
                     boolean saturated) {
        status.points = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            status.points.add(point(results.get(i), design.predictions().get(i), saturated));
        }
        boolean valid = status.points.stream().allMatch(p -> p.valid);
        if (saturated) {
            double predicted = status.points.get(0).predictedRate;
            SampleSummary capacity = SampleSummary.of(status.points.stream().mapToDouble(p -> p.publishedRate).toArray());
            ToleranceVerdict verdict = ToleranceVerdict.judge(SampleSummary.of(status.points.stream()
                    .mapToDouble(p -> p.publishedRate / predicted).toArray()), 1 - tolerance, 1 + tolerance);
            // whole msgs/s, as kubectl get prints them: the fractions are noise of a measured rate
            status.measuredCapacity = (double) Math.round(capacity.mean());
            status.measuredCapacityInterval = IntervalStatus.of(capacity);
            status.predictedCapacity = (double) Math.round(predicted);
            status.capacityError = (capacity.mean() - predicted) / predicted;
            status.capacityErrorPercent = String.format(Locale.ROOT, "%+.1f%%", 100 * status.capacityError);
            status.verdict = valid ? reason(verdict.outcome()) : NOT_VALID;
            status.verdictMessage = valid ? verdict.text() : "a run broke the validity rule: the BenchmarkRun's status.points say why";
        } else {
            status.verdict = valid ? null : NOT_VALID;
        }
    }

    private static String reason(ToleranceVerdict.Outcome outcome) {
        return switch (outcome) {
            case WITHIN -> WITHIN;
            case OUTSIDE -> OUTSIDE;
            case INCONCLUSIVE -> INCONCLUSIVE;
        };
    }

    private static BenchmarkPointStatus point(LoadResult r, BenchmarkDesign.Prediction prediction, boolean saturated) {
        BenchmarkPointStatus p = new BenchmarkPointStatus();
        p.load = prediction.load();
        p.offeredRate = saturated ? null : prediction.offeredRate();
        p.publishedRate = r.publishedPerSecond();
        p.receivedRatePerBroker = r.receivedPerSecond();
        p.dispatchedRate = r.dispatchedPerSecond();
        p.publishedBytesPerSecond = r.publishedBytesPerSecond();
        p.dispatchedBytesPerSecond = r.dispatchedBytesPerSecond();
        p.predictedRate = saturated ? prediction.saturatedRate() : prediction.offeredRate();
        p.relativeError = (p.publishedRate - p.predictedRate) / p.predictedRate;
        p.latency = latency(r.latencyMicros());
        p.predictedWaitingP99 = prediction.waitingP99Seconds();
        p.brokers = brokers(r);
        p.countsMatchBrokers = r.countsMatchBrokers();
        p.clientCpu = finite(r.clientCpuUtilization());
        p.valid = r.valid();
        p.problems = r.validityProblems().isEmpty() ? null : r.validityProblems();
        return p;
    }

    private static List<BenchmarkPointStatus.BrokerMeasurement> brokers(LoadResult r) {
        List<BenchmarkPointStatus.BrokerMeasurement> out = new ArrayList<>();
        for (int i = 0; i < r.brokerReported().size(); i++) {
            BenchmarkPointStatus.BrokerMeasurement b = new BenchmarkPointStatus.BrokerMeasurement();
            b.ordinal = i;
            BrokerCounts counts = r.brokerReported().get(i);
            b.received = counts.received();
            b.dispatched = counts.dispatched();
            b.cpu = i < r.brokerCpuUtilization().length ? finite(r.brokerCpuUtilization()[i]) : null;
            out.add(b);
        }
        return out;
    }

    private static BenchmarkPointStatus.Latency latency(LatencyPercentiles micros) {
        BenchmarkPointStatus.Latency l = new BenchmarkPointStatus.Latency();
        l.p50 = finite(micros.p50() / 1e6);
        l.p90 = finite(micros.p90() / 1e6);
        l.p99 = finite(micros.p99() / 1e6);
        l.p999 = finite(micros.p999() / 1e6);
        l.max = finite(micros.max() / 1e6);
        return l;
    }

    /** JSON has no NaN: an unknown figure is left out. */
    private static Double finite(double v) {
        return Double.isFinite(v) ? v : null;
    }
}
