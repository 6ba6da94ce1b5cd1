package io.brokerwise.measure;

import io.brokerwise.model.fit.MeasuredPoint;
import io.brokerwise.model.service.FilterSet;

/**
 * One point of the sec. 4.2.2.1 series: r matching and mAdd non-matching subscribers on one broker, its
 * measured received rate, whether the validity rule held, and whether the fit may use it or must leave it
 * out to check itself on it.
 */
public record CalibrationPoint(int r, int mAdd, int components, double receivedPerSecond, boolean valid,
                               boolean heldOut, LoadResult result) {

    public MeasuredPoint measured() {
        return new MeasuredPoint(new FilterSet(r + mAdd, r + mAdd, components), r, receivedPerSecond);
    }
}
