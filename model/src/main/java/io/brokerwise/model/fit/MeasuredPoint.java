package io.brokerwise.model.fit;

import io.brokerwise.model.service.FilterSet;

/**
 * One saturated measurement: the broker's filters, the replication grade, the received rate in msgs/s,
 * and the message size in bytes ({@code NaN} where the measurement did not record it).
 */
public record MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate, double messageSizeBytes) {

    public MeasuredPoint {
        if (!(receivedRate > 0) || Double.isInfinite(receivedRate)) {
            throw new IllegalArgumentException("received rate must be a positive number, got " + receivedRate);
        }
        if (!(replicationGrade >= 0)) {
            throw new IllegalArgumentException("replication grade must be >= 0, got " + replicationGrade);
        }
        if (!Double.isNaN(messageSizeBytes) && !(messageSizeBytes >= 0 && Double.isFinite(messageSizeBytes))) {
            throw new IllegalArgumentException("message size must be a number of bytes >= 0, got " + messageSizeBytes);
        }
    }

    /** A point of a series at one message size, which need not be recorded. */
    public MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate) {
        this(filters, replicationGrade, receivedRate, Double.NaN);
    }

    /** The measured mean service time, 1 / received rate (sec. 4.2). */
    public double serviceSeconds() {
        return 1 / receivedRate;
    }
}
