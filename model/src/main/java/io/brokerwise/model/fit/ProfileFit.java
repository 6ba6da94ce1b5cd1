package io.brokerwise.model.fit;

import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.stats.SampleSummary;
import java.util.Arrays;
import java.util.Optional;

/**
 * Fitted parameters and how well they explain the points: R^2 on the service time B, and each
 * point's relative error of the predicted received rate against the measured one.
 */
public record ProfileFit(ProfileParameters parameters, double rSquared, double[] relativeErrors) {

    public double medianRelativeError() {
        return median(relativeErrors);
    }

    static double median(double[] values) {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }

    /** The errors' mean with its 95% interval, each point a run of its own; empty below two points. */
    public Optional<SampleSummary> relativeErrorInterval() {
        return relativeErrors.length < 2 ? Optional.empty() : Optional.of(SampleSummary.of(relativeErrors));
    }

    public double maxRelativeError() {
        return Arrays.stream(relativeErrors).max().orElse(0);
    }
}
