package io.brokerwise.model.fit;

import io.brokerwise.model.service.ProfileParameters;
import java.util.Arrays;

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

    public double meanRelativeError() {
        return Arrays.stream(relativeErrors).average().orElse(0);
    }

    public double maxRelativeError() {
        return Arrays.stream(relativeErrors).max().orElse(0);
    }
}
