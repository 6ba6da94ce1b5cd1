package io.brokerwise.benchmarks.measurement;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.SubscriptionRegistration;
import io.brokerwise.measure.SubscriptionRegistration.Timing;
import java.util.List;

/**
 * Registration times of one broker for several counts of selector subscriptions, idle and while it carries a
 * Poisson load (Henjes sec. 3.4.2), and the time per registration fitted to each ({@code registrationSeconds} of a
 * profile is the loaded one: a restarted broker's clients register again while its publishers send).
 *
 * @param warmUp       the untimed registrations of the smallest count that warmed a fresh broker before the series
 * @param loadFraction the load, a fraction of the broker's saturated capacity with the count's subscriptions in
 *                     place; 0 when only idle was measured
 * @param saturated    per count, the run that measured that capacity (none when only idle was measured): were one
 *                     not valid, its load is a fraction of less than the broker's capacity
 * @param loads        the runs that carried the loaded registrations, one per count
 * @param loadedInTime per count: whether the registrations ended inside the load's measurement window
 * @param notUnderLoad the counts whose loaded registrations were not measured, and why
 */
public record RegistrationTimes(Timing warmUp, List<Timing> idle, double idleSecondsEach, double loadFraction,
                                List<LoadResult> saturated,
                                List<Timing> loaded, double loadedSecondsEach, List<LoadResult> loads,
                                List<Boolean> loadedInTime, List<Unmeasured> notUnderLoad) {

    /** A count of subscriptions whose registration under load was not measured. */
    public record Unmeasured(int subscriptions, String reason) {
    }

    public static RegistrationTimes of(Timing warmUp, List<Timing> idle, double loadFraction,
                                       List<LoadResult> saturated, List<Timing> loaded, List<LoadResult> loads,
                                       List<Boolean> loadedInTime, List<Unmeasured> notUnderLoad) {
        return new RegistrationTimes(warmUp, idle, SubscriptionRegistration.secondsEach(idle), loadFraction, saturated,
                loaded, loaded.isEmpty() ? Double.NaN : SubscriptionRegistration.secondsEach(loaded), loads,
                loadedInTime, notUnderLoad);
    }
}
