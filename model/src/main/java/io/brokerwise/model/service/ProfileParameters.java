package io.brokerwise.model.service;

/**
 * The fitted times of a broker, in seconds, and an optional ceiling on its overall (received plus
 * dispatched) rate in messages per second ({@code NaN} when there is none). ActiveMQ flattened at
 * about 50,000 msgs/s for r >= 20 (sec. 4.4.2): without the ceiling a model overestimates high
 * replication grades.
 */
public record ProfileParameters(double receiveSeconds, double filterSeconds, double distinctFilterSeconds,
                                double dispatchSeconds, double maxOverallRate) {

    public ProfileParameters {
        requireNonNegative("receiveSeconds", receiveSeconds);
        requireNonNegative("filterSeconds", filterSeconds);
        requireNonNegative("distinctFilterSeconds", distinctFilterSeconds);
        requireNonNegative("dispatchSeconds", dispatchSeconds);
        if (!Double.isNaN(maxOverallRate) && !(maxOverallRate > 0)) {
            throw new IllegalArgumentException("maxOverallRate must be positive, got " + maxOverallRate);
        }
        if (receiveSeconds + filterSeconds + distinctFilterSeconds + dispatchSeconds <= 0) {
            throw new IllegalArgumentException("a profile needs at least one positive time");
        }
    }

    /** The base model's three times with no ceiling. */
    public static ProfileParameters of(double receiveSeconds, double filterSeconds, double dispatchSeconds) {
        return new ProfileParameters(receiveSeconds, filterSeconds, 0, dispatchSeconds, Double.NaN);
    }

    public ProfileParameters withMaxOverallRate(double rate) {
        return new ProfileParameters(receiveSeconds, filterSeconds, distinctFilterSeconds, dispatchSeconds, rate);
    }

    public boolean hasCeiling() {
        return !Double.isNaN(maxOverallRate);
    }

    private static void requireNonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, got " + value);
        }
    }
}
