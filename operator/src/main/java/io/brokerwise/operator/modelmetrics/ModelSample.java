package io.brokerwise.operator.modelmetrics;

import java.util.Map;

/**
 * One series of the model's numbers at one moment: its metric name as Prometheus shows it, its labels, its value.
 *
 * @param labels namespace and topology always, pod for a broker's own series, condition and status for a condition
 */
public record ModelSample(String name, Map<String, String> labels, double value) {

    /** What tells one series from another: its name and labels. */
    public record Key(String name, Map<String, String> labels) {
    }

    public Key key() {
        return new Key(name, labels);
    }
}
