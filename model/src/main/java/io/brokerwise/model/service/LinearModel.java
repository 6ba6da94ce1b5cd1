package io.brokerwise.model.service;

/** The base model, eq. 4.9: every installed filter is evaluated once per message. */
public record LinearModel() implements ServiceTimeModel {

    @Override
    public String name() {
        return "Linear";
    }

    @Override
    public String equation() {
        return "eq. 4.9: B = t_rcv + n_fltr*t_fltr + r*t_tx";
    }

    @Override
    public double filterWork(FilterSet filters) {
        return filters.count();
    }
}
