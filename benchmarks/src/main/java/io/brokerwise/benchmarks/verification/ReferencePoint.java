package io.brokerwise.benchmarks.verification;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.Optional;

/**
 * One point of the calibration series (r matching and m_add other simple property filters per broker),
 * measured on every broker of a layout at once, as independent PSR rows, right after the layout itself.
 * This machine's speed per CPU-second drifts by more than verification's margin within an hour, and it
 * changes with how many brokers share its two vCPUs (RESULTS.md); the ratio of this measurement to the
 * profile's prediction for the same point is a broker's speed here and now, relative to the calibration.
 * The layout's prediction times that ratio tests what the model adds: how capacity moves with the layout
 * and the workload, given a broker's speed.
 */
public record ReferencePoint(int r, int mAdd) {

    public ReferencePoint {
        if (r < 1 || mAdd < 0) {
            throw new IllegalArgumentException("--reference-point is r,m_add with r >= 1 and m_add >= 0, got "
                    + r + "," + mAdd);
        }
    }

    /** "1,160"; none when blank. */
    public static Optional<ReferencePoint> parse(String text) {
        if (text == null || text.isBlank()) {
            return Optional.empty();
        }
        String[] parts = text.split(",");
        try {
            if (parts.length == 2) {
                return Optional.of(
                        new ReferencePoint(Integer.parseInt(parts[0].trim()), Integer.parseInt(parts[1].trim())));
            }
        } catch (NumberFormatException e) {
            // Falls through to the message below.
        }
        throw new IllegalArgumentException("--reference-point is r,m_add such as 1,160 (or empty for none), got '"
                + text + "'");
    }

    public SelectorDesign design() {
        return SelectorDesign.calibration(r, mAdd);
    }

    /** What the profile predicts one broker receives per second at this point, saturated. */
    double predictedPerBroker(ServiceTimeProfile profile) {
        return profile.receivedCapacity(FilterSet.simple(r + mAdd), r);
    }

    /** Measured over predicted rate per broker; {@code result}'s received rate is per broker already. */
    double speedFactor(ServiceTimeProfile profile, LoadResult result) {
        return result.receivedPerSecond() / predictedPerBroker(profile);
    }

    /** The point measured on all of a layout's brokers at once, beside the prediction and their ratio. */
    ReferencePointVerdict verdict(ServiceTimeProfile profile, LoadResult result) {
        // one CPU figure per broker measured
        return new ReferencePointVerdict(r, mAdd, result.brokerCpuUtilization().length, predictedPerBroker(profile),
                result.receivedPerSecond(), speedFactor(profile, result), result.valid(), result.validityProblems());
    }
}
