package io.brokerwise.model.service;

/** Eq. 4.12 (complex AND/OR/IN filters): every component of every filter is evaluated. */
public record FilterLengthModel() implements ServiceTimeModel {

    @Override
    public String name() {
        return "FilterLength";
    }

    @Override
    public String equation() {
        return "eq. 4.12: B = t_rcv + n_cmp*m*t_fltr + r*t_tx";
    }

    @Override
    public double filterWork(FilterSet filters) {
        return filters.components() * filters.count();
    }

    @Override
    public boolean chargesComponents() {
        return true;
    }
}
