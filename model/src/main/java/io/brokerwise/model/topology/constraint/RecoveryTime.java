package io.brokerwise.model.topology.constraint;

import io.brokerwise.model.topology.BrokerLoad;
import io.brokerwise.model.topology.Format;

/**
 * A bound on the time the busiest broker's column needs to re-register after that broker restarts: its
 * subscriptions, registered one after another, each taking the profile's registration time (registrations take
 * milliseconds each and slow down under load, Henjes sec. 3.4.2). A PSR broker holds every subscription of the
 * workload, so PSR layouts with many subscribers recover slowest; more subscriber groups bring it down.
 */
public record RecoveryTime(double maxSeconds) implements BoundedFigure {

    @Override
    public String reason() {
        return "RecoveryTime";
    }

    @Override
    public double figure(BrokerLoad load) {
        return load.recoverySeconds();
    }

    @Override
    public double bound() {
        return maxSeconds;
    }

    @Override
    public String violation(BrokerLoad load) {
        return String.format("re-registering %d subscriptions after a restart takes %s, more than %s",
                load.subscriptions(), Format.seconds(load.recoverySeconds()), Format.seconds(maxSeconds));
    }
}
