package io.brokerwise.model.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.brokerwise.model.autoscaling.ScalingDecision.Action;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * R5 and R6 for a replicated queue, worked out by hand: a replica's message costs 20 us (t_rcv = t_tx = 10 us, no
 * selectors), so a replica carries 50,000 msgs/s; the policy grows above utilization 0.8 and shrinks below 0.6.
 */
class QueueScalingRulesTest {

    static final ServiceTimeProfile PROFILE = new ServiceTimeProfile("hand", new LinearModel(),
            ProfileParameters.of(10e-6, 1e-6, 10e-6), "test");
    static final Duration DELAY = Duration.ofMinutes(5);
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");
    /** Declared: 12 producers, 12 consumers as fast as they can. */
    static final QueueWorkload DECLARED = new QueueWorkload("orders", 12, 100, 12, QueueWorkload.AS_FAST_AS_THEY_CAN,
            0, Double.NaN, 1024);

    final MutableClock clock = new MutableClock(START);
    final QueueScalingRules rules = new QueueScalingRules(new ScalingPolicy(1, 64, 0.8, 0.6, DELAY, false), PROFILE,
            Objectives.utilization(0.9), Limits.brokers(64), clock);

    static ObservedQueueLoad observed(double rate) {
        return new ObservedQueueLoad(12, 12, rate, rate, 0);
    }

    /** 60,000 msgs/s on one replica: utilization 1.2; two carry 30,000 each at 0.6, within the cap of 0.8. */
    @Test
    void anOverloadedQueueGrowsToTheReplicasThePlannerPicksAndTheDelayHoldsTheNextChange() {
        QueueScalingDecision grow = rules.decide(DECLARED, 1, false, observed(60_000), Optional.empty());
        assertEquals(Action.GROW, grow.action());
        assertEquals(ScalingDecision.OVERLOADED, grow.reason());
        assertEquals(2, grow.to());
        assertEquals(Optional.of(START.plus(DELAY)), grow.inhibitedUntil());

        clock.advance(Duration.ofMinutes(1));
        QueueScalingDecision held = rules.decide(DECLARED, 2, false, observed(10_000), grow.inhibitedUntil());
        assertEquals(Action.HOLD, held.action());
        assertEquals(ScalingDecision.INHIBITED, held.reason());
        assertEquals(1, held.to(), "what the rules would do once the delay is over");

        clock.advance(DELAY);
        QueueScalingDecision shrink = rules.decide(DECLARED, 2, false, observed(10_000), grow.inhibitedUntil());
        assertEquals(Action.SHRINK, shrink.action());
        assertEquals(ScalingDecision.UNDERLOADED, shrink.reason());
        assertEquals(1, shrink.to());
    }

    /** 10,000 msgs/s on 4 replicas: one would do, but a removed replica must empty first, so one goes at a time. */
    @Test
    void anUnderloadedQueueLosesOneReplicaAtATime() {
        QueueScalingDecision shrink = rules.decide(DECLARED, 4, false, observed(10_000), Optional.empty());
        assertEquals(Action.SHRINK, shrink.action());
        assertEquals(3, shrink.to());
    }

    /**
     * 70,000 msgs/s on 3 replicas runs each at 0.467, below 0.6, but 2 would run at 0.7, above it: the rest could not
     * carry the load within the band, so nothing changes (R6's condition). On 2 replicas, 0.7 is within the band.
     */
    @Test
    void aReplicaStaysWhenTheRestCouldNotCarryTheLoadBelowTheLowerCap() {
        QueueScalingDecision three = rules.decide(DECLARED, 3, false, observed(70_000), Optional.empty());
        assertEquals(ScalingDecision.NO_SMALLER_LAYOUT, three.reason());
        assertFalse(three.changes());
        QueueScalingDecision two = rules.decide(DECLARED, 2, false, observed(70_000), Optional.empty());
        assertEquals(ScalingDecision.WITHIN_BAND, two.reason());
        assertEquals(0.7, two.current().utilization(), 1e-9);
    }

    /** Another replica goes only once the one removed before has emptied and left the route. */
    @Test
    void noReplicaGoesWhileAnotherRetires() {
        QueueScalingDecision held = rules.decide(DECLARED, 3, true, observed(10_000), Optional.empty());
        assertEquals(QueueScalingRules.RETIRING, held.reason());
        assertFalse(held.changes());
        assertEquals(Action.GROW, rules.decide(DECLARED, 1, true, observed(60_000), Optional.empty()).action(),
                "growing does not wait");
    }

    @Test
    void aQueueWithoutConsumersKeepsItsReplicas() {
        QueueScalingDecision none = rules.decide(DECLARED, 2, false, new ObservedQueueLoad(12, 0, 60_000, 0, 5_000),
                Optional.empty());
        assertEquals(QueueScalingRules.NO_CONSUMERS, none.reason());
        assertEquals(2, none.to());
    }

    /** A queue nothing is sent to is no load: it shrinks like an idle one, down to one replica. */
    @Test
    void aQueueWithNoTrafficShrinks() {
        QueueScalingDecision idle = rules.decide(DECLARED, 2, false, new ObservedQueueLoad(0, 12, 0, 0, 0), Optional.empty());
        assertEquals(Action.SHRINK, idle.action());
        assertEquals(1, idle.to());
    }
}
