package io.brokerwise.model.service;

/**
 * The filters installed on one broker: how many, how many of them differ, and how many components
 * each has (1 for a simple selector, n for an OR/AND/IN filter of n terms).
 */
public record FilterSet(double count, double distinct, int components) {

    public FilterSet {
        if (count < 0 || distinct < 0 || distinct > count || components < 1) {
            throw new IllegalArgumentException("invalid filter set: count=" + count
                    + ", distinct=" + distinct + ", components=" + components);
        }
    }

    /** All filters different and single-component: the setting of eqs. 4.9 and 4.11. */
    public static FilterSet simple(double count) {
        return new FilterSet(count, count, 1);
    }
}
