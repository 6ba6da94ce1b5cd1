package io.brokerwise.benchmarks.calibration;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a calibrated profile's numbers came from, written as its annotations ({@code brokerwise.io/...}): the raw
 * points file, the broker's CPU quota and the period it was enforced over, the delivery mode, whether the subscriptions
 * were durable (only then did a persistent series make the broker write its journal), how loaded the machine was and
 * how long the series took.
 */
public record ProfileOrigin(String rawPoints, double brokerCores, String cpuPeriod, String deliveryMode,
                            boolean durableSubscriptions, double loadAverageBefore, long calibrationSeconds) {

    static final String ANNOTATION = "brokerwise.io/";

    Map<String, String> annotations() {
        Map<String, String> a = new LinkedHashMap<>();
        a.put(ANNOTATION + "raw-points", rawPoints);
        a.put(ANNOTATION + "broker-cores", Double.toString(brokerCores));
        a.put(ANNOTATION + "cpu-period", cpuPeriod);
        a.put(ANNOTATION + "delivery-mode", deliveryMode);
        a.put(ANNOTATION + "durable-subscriptions", Boolean.toString(durableSubscriptions));
        a.put(ANNOTATION + "load-average-before", Double.toString(loadAverageBefore));
        a.put(ANNOTATION + "calibration-seconds", Long.toString(calibrationSeconds));
        return a;
    }
}
