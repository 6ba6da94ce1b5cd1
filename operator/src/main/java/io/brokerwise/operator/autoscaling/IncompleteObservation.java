package io.brokerwise.operator.autoscaling;

/** The two readings do not cover a whole row or column of the layout, so the workload cannot be undone from them. */
public final class IncompleteObservation extends Exception {

    public IncompleteObservation(String message) {
        super(message);
    }
}
