package io.brokerwise.model.service;

import java.util.List;
import java.util.stream.Collectors;

/**
 * How a broker's per-message processing time grows with its filters (dissertation ch. 4).
 * Every model has the form
 * {@code B = t_rcv + filterWork * t_fltr + distinctFilterWork * t_fltr_diff + r * t_tx + sqrt(r) * t_tx_sqrt};
 * the variants differ only in how filters count and whether copies share work, so a variant is just its
 * work functions. Keeping the form linear in the parameters is what lets one NNLS fit serve every variant.
 */
public interface ServiceTimeModel {

    List<ServiceTimeModel> ALL = List.of(
            new LinearModel(), new FilterSharingModel(), new SuperLinearModel(), new FilterLengthModel(),
            new SublinearDispatchModel());

    /** The name used in a BrokerProfile's {@code spec.model}. */
    String name();

    /** The equation of the dissertation this model follows, for messages and reports. */
    String equation();

    /** Filter evaluations one message costs, in units of {@code t_fltr}. */
    double filterWork(FilterSet filters);

    /** Extra work for distinct filters, in units of {@code t_fltr_diff}; only eq. 4.10 charges it. */
    default double distinctFilterWork(FilterSet filters) {
        return 0;
    }

    /** Whether the model has a {@code distinctFilterSeconds} parameter. */
    default boolean chargesDistinctFilters() {
        return false;
    }

    /** Whether the model has a {@code dispatchSqrtSeconds} parameter, charged {@code sqrt(r)} times per message. */
    default boolean chargesSublinearDispatch() {
        return false;
    }

    /** Whether filter components change the cost; models that ignore them say so in plans. */
    default boolean chargesComponents() {
        return false;
    }

    static ServiceTimeModel named(String name) {
        return ALL.stream().filter(m -> m.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("unknown service-time model '" + name
                        + "'; allowed: " + ALL.stream().map(ServiceTimeModel::name).collect(Collectors.joining(", "))));
    }
}
