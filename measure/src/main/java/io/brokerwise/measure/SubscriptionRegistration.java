package io.brokerwise.measure;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.TopologyClient;
import jakarta.jms.JMSException;
import java.util.List;

/**
 * How long the brokers of a {@link Target} take to register subscriptions as a column's subscribers register them
 * again after its broker restarts (docs/models.md sec. 7): subscribers of the client library, one after another,
 * each opening its link to the broker and registering its selector there. Henjes measured registrations taking
 * milliseconds each and slowing down under load (sec. 3.4.2), so a profile's registration time is measured while the
 * broker carries load as well as idle. The subscriptions are dropped afterwards.
 */
public final class SubscriptionRegistration {

    /** Subscriptions registered and the seconds from the first call to the last one's return. */
    public record Timing(int subscriptions, double seconds) {

        public double secondsEach() {
            return seconds / subscriptions;
        }
    }

    private SubscriptionRegistration() {
    }

    /** Registers one subscriber per selector, timed; they receive nothing this measures. */
    public static Timing time(Target target, List<String> selectors) throws JMSException {
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("timing registrations needs at least one selector");
        }
        ClientOptions options = target.clientOptions("");
        try (TopologyClient client = new TopologyClient(target.map(), options)) {
            long start = System.nanoTime();
            for (String selector : selectors) {
                client.subscriber(selector, message -> { });
            }
            return new Timing(selectors.size(), (System.nanoTime() - start) / 1e9);
        }
    }

    /**
     * The time per registration that fits timings of several counts best, by least squares through the origin:
     * {@code sum(n_i t_i) / sum(n_i^2)}: the largest counts weigh most, and in their times the fixed costs of a run
     * matter least.
     */
    public static double secondsEach(List<Timing> timings) {
        double num = 0;
        double den = 0;
        for (Timing t : timings) {
            num += (double) t.subscriptions() * t.seconds();
            den += (double) t.subscriptions() * t.subscriptions();
        }
        return num / den;
    }
}
