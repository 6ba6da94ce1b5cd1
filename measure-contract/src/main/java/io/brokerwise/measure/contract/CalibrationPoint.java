package io.brokerwise.measure.contract;

import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.service.FilterSet;

/**
 * One point of the sec. 4.2.2.1 series: r matching and mAdd non-matching subscribers on one broker, messages of
 * {@code messageBytes} spread over {@code topics} topics, its measured received rate, whether the validity rule held,
 * and whether the fit may use it or must leave it out to check itself on it.
 */
public record CalibrationPoint(int r, int mAdd, int components, int messageBytes, int topics,
                               double receivedPerSecond, boolean valid, boolean heldOut, LoadResult result) {

    /**
     * The point for the fit, with its size and topics: points of several sizes fit the per-byte times too, of
     * several topic counts the cost of topics. A point written before topics were recorded has 0: one topic.
     */
    public MeasuredPoint measured() {
        return new MeasuredPoint(new FilterSet(r + mAdd, r + mAdd, components), r, receivedPerSecond, messageBytes,
                Math.max(1, topics));
    }
}
