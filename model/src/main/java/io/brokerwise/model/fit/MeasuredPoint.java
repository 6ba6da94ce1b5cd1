package io.brokerwise.model.fit;

import io.brokerwise.model.service.FilterSet;

/**
 * One saturated measurement: the broker's filters, the replication grade, the received rate in msgs/s, the
 * message size in bytes ({@code NaN} where the measurement did not record it), and the topics the load was spread
 * over (1 but in a topics series).
 */
public record MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate, double messageSizeBytes,
                            int topics) {

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
        if (topics < 1) {
            throw new IllegalArgumentException("a point's load goes to at least one topic, got " + topics);
        }
    }

    /** A point of one topic. */
    public MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate, double messageSizeBytes) {
        this(filters, replicationGrade, receivedRate, messageSizeBytes, 1);
    }

    /** A point of a series at one message size, which need not be recorded. */
    public MeasuredPoint(FilterSet filters, double replicationGrade, double receivedRate) {
        this(filters, replicationGrade, receivedRate, Double.NaN, 1);
    }

    /** The measured mean service time, 1 / received rate (sec. 4.2). */
    public double serviceSeconds() {
        return 1 / receivedRate;
    }
}
