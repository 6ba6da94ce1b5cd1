package io.brokerwise.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.measure.delivery.DeliveryProgress;
import io.brokerwise.measure.delivery.DeliveryReport;
import io.brokerwise.measure.delivery.MessageSpan;
import io.brokerwise.measure.delivery.SubscriberDelivery;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * One topology under one counted load (a {@link DeliveryCheckPod}), disrupted by a list of steps: a pod killed, the
 * API server restarted, the load changed, the layout scaled. Each step returns the {@link Disruption} it caused, and
 * the load's count is judged against all of them at the end: nothing is lost outside the outages of a subscriber's
 * brokers, nothing arrives twice outside a layout move, no send fails, and every disruption happened while the load
 * ran ({@link #MIN_SENDS} sends inside each, so a load that ended too early fails instead of passing).
 * Between steps the load runs calm for {@link #CALM_SENDS} sends; no step sleeps for a fixed time.
 */
final class CountedLoad {

    /** A disruption of the load: what it did and what the count may show for it. */
    interface Step {
        Disruption apply(CountedLoad load) throws Exception;
    }

    /**
     * The fewest sends a disruption's window must hold: a second's load at the tests' 40 msgs/s, counted in whole
     * seconds only, so a window of a few seconds passes and one the load did not cover fails.
     */
    static final long MIN_SENDS = 20;
    /**
     * Sends between two steps: two seconds' load at 40 msgs/s, so each step starts on a load that flows; a minute's
     * in the long run, where the load also soaks between faults.
     */
    static final long CALM_SENDS = TestLength.pick(80L, 2_400L);
    /** How long a subscriber may take to hear from every publisher again once an outage's brokers are back. */
    static final Duration CATCH_UP = Duration.ofMinutes(3);

    final KubernetesClient k8s;
    final String ns;
    final String topology;
    final DeliveryCheckPod check;
    final long startedMillis;
    private final List<Disruption> disruptions = new ArrayList<>();

    private CountedLoad(KubernetesClient k8s, String ns, String topology, DeliveryCheckPod check, long started) {
        this.k8s = k8s;
        this.ns = ns;
        this.topology = topology;
        this.check = check;
        this.startedMillis = started;
    }

    /**
     * Starts the check on {@code topology} (4 publishers, 8 subscribers over 4 keys: each message reaches 2; {@code
     * more} of its arguments, such as a queue to load too) and waits until every subscriber receives from every
     * publisher. {@code schedule} bounds the load; the steps end it.
     */
    static CountedLoad start(KubernetesClient k8s, String ns, String topology, String name, String schedule,
                             String... more) {
        DeliveryCheckPod check = DeliveryCheckPod.start(k8s, ns, topology, name, schedule, 4, 8, 4, more);
        long started = check.awaitLoadStarted();
        check.awaitProgress("every subscriber receiving", CATCH_UP, p -> p.caughtUpMillis() > started);
        return new CountedLoad(k8s, ns, topology, check, started);
    }

    /** Runs each step on a calm load, and the load calm once more after the last. */
    CountedLoad run(List<Step> steps) throws Exception {
        for (Step step : steps) {
            calm();
            disruptions.add(step.apply(this));
        }
        calm();
        return this;
    }

    /** Waits for {@link #CALM_SENDS} more sends. */
    void calm() {
        long sent = sent();
        check.awaitProgress(CALM_SENDS + " sends after " + sent, CATCH_UP, p -> p.sent() >= sent + CALM_SENDS);
    }

    /** Waits until every subscriber has heard from every publisher a message sent at {@code sinceMillis} or later. */
    long awaitCaughtUp(long sinceMillis) {
        check.awaitProgress("every subscriber caught up", CATCH_UP, p -> p.caughtUpMillis() >= sinceMillis);
        return System.currentTimeMillis();
    }

    /** Sends so far, by the check's latest progress line. */
    long sent() {
        return check.awaitProgress("a progress line", CATCH_UP, p -> true).sent();
    }

    /** Ends the load, reads the check's count and asserts what every disruption allows; returns the count. */
    DeliveryReport finish() {
        check.control("stop");
        DeliveryReport report = check.report(Duration.ofMinutes(3));
        for (Disruption d : disruptions) {
            d.print(report);
        }
        System.out.println(report.line());
        assertDelivered(report);
        return report;
    }

    List<Disruption> disruptions() {
        return List.copyOf(disruptions);
    }

    private void assertDelivered(DeliveryReport report) {
        for (Disruption d : disruptions) {
            long inside = report.sentBetween(d.fromMillis(), d.toMillis());
            assertTrue(inside >= MIN_SENDS, "the load must run through every disruption, but only " + inside
                    + " sends fell inside " + d);
        }
        assertEquals(0, report.sendFailures(), "sends to a down broker wait for it, none fails: " + report.line());
        assertEquals(disruptions.stream().mapToInt(Disruption::moves).sum(), report.routingChanges(),
                "the clients followed every move of the layout and no other: " + report.line());
        for (SubscriberDelivery s : report.subscribers()) {
            for (MessageSpan m : s.missing()) {
                assertTrue(disruptions.stream().anyMatch(d -> d.mayLose(s, m)), "messages missing outside the "
                        + "outages of the subscriber's brokers " + disruptions + ": " + s);
            }
            for (MessageSpan d : s.duplicated()) {
                assertTrue(disruptions.stream().anyMatch(m -> m.mayDuplicate(d)),
                        "messages twice outside the layout's moves " + disruptions + ": " + s);
            }
        }
    }
}
