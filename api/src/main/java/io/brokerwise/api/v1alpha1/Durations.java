package io.brokerwise.api.v1alpha1;

/** Durations as manifests write them: a decimal number and a unit, us, ms or s (e.g. 750us, 5ms, 0.2s). */
public final class Durations {

    public static final String PATTERN = "^[0-9]+(\\.[0-9]+)?(us|ms|s)$";

    private Durations() {
    }

    public static double seconds(String duration) {
        if (duration == null || !duration.matches(PATTERN)) {
            throw new IllegalArgumentException("'" + duration + "' is not a duration like 750us, 5ms or 0.2s");
        }
        if (duration.endsWith("us")) {
            return Double.parseDouble(duration.substring(0, duration.length() - 2)) * 1e-6;
        }
        if (duration.endsWith("ms")) {
            return Double.parseDouble(duration.substring(0, duration.length() - 2)) * 1e-3;
        }
        return Double.parseDouble(duration.substring(0, duration.length() - 1));
    }
}
