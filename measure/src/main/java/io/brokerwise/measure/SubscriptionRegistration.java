package io.brokerwise.measure;

import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.client.TopologyClient;
import jakarta.jms.JMSException;
import java.io.IOException;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

/**
 * How long the brokers of a {@link Target} take to register subscriptions as a column's subscribers register them
 * again after its broker restarts (docs/models.md sec. 7): subscribers of the client library, one after another,
 * each opening its link to the broker and registering its selector there. Henjes measured registrations taking
 * milliseconds each and slowing down under load (sec. 3.4.2), so a profile's registration time is measured while the
 * broker carries load as well as idle. The subscriptions are dropped afterwards, and timing returns only once the
 * brokers have removed their queues: a broker on a small CPU share takes a while to remove thousands, and a
 * measurement that started sooner would measure that work with its own.
 */
public final class SubscriptionRegistration {

    /** A bound on the wait, not a measured time: a broker that has not removed them by then is stuck. */
    private static final Duration REMOVAL_TIMEOUT = Duration.ofMinutes(10);

    /** Subscriptions registered and the seconds from the first call to the last one's return. */
    public record Timing(int subscriptions, double seconds) {

        public double secondsEach() {
            return seconds / subscriptions;
        }
    }

    private SubscriptionRegistration() {
    }

    /** Registers one subscriber per selector, timed; they receive nothing this measures. */
    public static Timing time(Target target, List<String> selectors)
            throws JMSException, IOException, InterruptedException {
        if (selectors.isEmpty()) {
            throw new IllegalArgumentException("timing registrations needs at least one selector");
        }
        int before = subscriptions(target);
        Timing timing;
        try (TopologyClient client = new TopologyClient(target.map(), target.clientOptions(""))) {
            long start = System.nanoTime();
            for (String selector : selectors) {
                client.subscriber(selector, message -> { });
            }
            timing = new Timing(selectors.size(), (System.nanoTime() - start) / 1e9);
        }
        awaitRemoved(target, before);
        return timing;
    }

    /**
     * Waits until the target's brokers hold at most {@code atMost} subscriptions on the topic between them, as
     * their metrics count them.
     *
     * @throws IllegalStateException when they still hold more after {@link #REMOVAL_TIMEOUT}
     */
    public static void awaitRemoved(Target target, int atMost) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + REMOVAL_TIMEOUT.toNanos();
        int held;
        while ((held = subscriptions(target)) > atMost) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(String.format("the brokers still hold %d subscriptions on the topic "
                        + "%d min after their subscribers closed, where at most %d should remain", held,
                        REMOVAL_TIMEOUT.toMinutes(), atMost));
            }
            Thread.sleep(500);
        }
    }

    /** The subscriptions on the topic that the target's brokers hold between them, as their metrics count them. */
    public static int subscriptions(Target target) throws IOException, InterruptedException {
        return Arrays.stream(target.scrape()).mapToInt(BrokerSample::subscriptions).sum();
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
