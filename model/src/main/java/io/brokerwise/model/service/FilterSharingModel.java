package io.brokerwise.model.service;

/**
 * Eq. 4.10 (SunMQ): identical filters are cheaper than different ones, so the filter cost has a
 * term for all filters and one for the distinct ones.
 */
public record FilterSharingModel() implements ServiceTimeModel {

    @Override
    public String name() {
        return "FilterSharing";
    }

    @Override
    public String equation() {
        return "eq. 4.10: B = t_rcv + n_all*t_fltr_all + n_diff*t_fltr_diff + r*t_tx";
    }

    @Override
    public double filterWork(FilterSet filters) {
        return filters.count();
    }

    @Override
    public double distinctFilterWork(FilterSet filters) {
        return filters.distinct();
    }

    @Override
    public boolean chargesDistinctFilters() {
        return true;
    }
}
