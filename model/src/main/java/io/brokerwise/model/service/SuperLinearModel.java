package io.brokerwise.model.service;

/** Eq. 4.11 (WebSphereMQ): filtering grows with {@code n_fltr^1.5}. */
public record SuperLinearModel() implements ServiceTimeModel {

    @Override
    public String name() {
        return "SuperLinear";
    }

    @Override
    public String equation() {
        return "eq. 4.11: B = t_rcv + n_fltr^1.5*t_fltr + r*t_tx";
    }

    @Override
    public double filterWork(FilterSet filters) {
        return filters.count() * Math.sqrt(filters.count());
    }
}
