package io.brokerwise.model.fit;

import io.brokerwise.model.service.FilterSet;

/** One saturated measurement: the broker's filters, the replication grade, the received rate in msgs/s. */
public record MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate) {

    public MeasuredPoint {
        if (!(receivedRate > 0) || Double.isInfinite(receivedRate)) {
            throw new IllegalArgumentException("received rate must be a positive number, got " + receivedRate);
        }
        if (!(replicationGrade >= 0)) {
            throw new IllegalArgumentException("replication grade must be >= 0, got " + replicationGrade);
        }
    }

    /** The measured mean service time, 1 / received rate (sec. 4.2). */
    public double serviceSeconds() {
        return 1 / receivedRate;
    }
}
