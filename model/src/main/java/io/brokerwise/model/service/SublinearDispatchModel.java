package io.brokerwise.model.service;

/**
 * Eq. 4.12 with a dispatch cost per copy that falls as the replication grade grows:
 * {@code B = t_rcv + n_cmp*m*t_fltr + r*t_tx + sqrt(r)*t_tx_sqrt}. Henjes adapts the base model where a
 * server departs from it (sec. 4.3, eqs. 4.10 and 4.11); Artemis departs in its copies, which cost about
 * 6 us from r = 1 to 2 and 3.3 us from r = 10 to 20 on one core. A concave term with a non-negative
 * coefficient is the least that lowers the marginal cost per copy ({@code t_tx + t_tx_sqrt/(2 sqrt(r))},
 * never below t_tx) and keeps the form linear for NNLS; with {@code t_tx_sqrt = 0} it is eq. 4.12 again.
 */
public record SublinearDispatchModel() implements ServiceTimeModel {

    @Override
    public String name() {
        return "SublinearDispatch";
    }

    @Override
    public String equation() {
        return "eq. 4.12 with sublinear dispatch: B = t_rcv + n_cmp*m*t_fltr + r*t_tx + sqrt(r)*t_tx_sqrt";
    }

    @Override
    public double filterWork(FilterSet filters) {
        return new FilterLengthModel().filterWork(filters);
    }

    @Override
    public boolean chargesSublinearDispatch() {
        return true;
    }

    @Override
    public boolean chargesComponents() {
        return true;
    }
}
