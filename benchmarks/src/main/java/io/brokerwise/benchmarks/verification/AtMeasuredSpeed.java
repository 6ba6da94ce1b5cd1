package io.brokerwise.benchmarks.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.List;

/**
 * A layout's prediction rescaled to the machine's speed when it was measured: each round's reference point, and
 * the prediction times the mean of the valid rounds' speed factors. Rounds whose reference point is not valid (its
 * brokers not at their quota, or the client short of CPU) give no factor; without any, nothing is rescaled.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record AtMeasuredSpeed(List<ReferencePointVerdict> referencePoints, Double speedFactor,
                              Double predictedAtMeasuredSpeedMsgsPerSecond, Double relativeErrorAtMeasuredSpeed) {

    static AtMeasuredSpeed of(ReferencePoint point, ServiceTimeProfile profile, LayoutRuns runs) {
        List<ReferencePointVerdict> references = runs.references().stream().map(r -> point.verdict(profile, r))
                .toList();
        double[] factors = runs.references().stream().filter(LoadResult::valid)
                .mapToDouble(r -> point.speedFactor(profile, r)).toArray();
        if (factors.length == 0) {
            return new AtMeasuredSpeed(references, null, null, null);
        }
        double speed = java.util.Arrays.stream(factors).average().orElseThrow();
        double predicted = runs.predicted() * speed;
        return new AtMeasuredSpeed(references, speed, predicted, (runs.meanCapacity() - predicted) / predicted);
    }
}
