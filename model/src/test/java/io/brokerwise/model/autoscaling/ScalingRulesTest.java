package io.brokerwise.model.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.autoscaling.ScalingDecision.Action;
import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.TopologyEvaluator;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScalingRulesTest {

    static final ServiceTimeProfile PROFILE = BuiltInProfiles.find("artemis-2.56-halfcore-nonpersistent", null).orElseThrow();
    static final Objectives OBJECTIVES = Objectives.utilization(0.9);
    static final Limits LIMITS = Limits.brokers(64);
    static final Duration DELAY = Duration.ofMinutes(5);
    static final Duration WINDOW = Duration.ofMinutes(1);
    static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    /** 40 publishers, 10 subscribers of one filter each, two copies a message: one broker carries 10,000 msgs/s. */
    static Workload workload(double offeredRate) {
        return new Workload(40, offeredRate / 40, 10, 1, 1, 2, ReplicationGradeDistribution.DETERMINISTIC, Double.NaN);
    }

    static ObservedLoad observed(double offeredRate, Instant at) {
        return new ObservedLoad(40, offeredRate, 10, 2, WINDOW, at, Double.NaN);
    }

    static ScalingPolicy policy(int minBrokers, boolean declaredIsFloor) {
        return new ScalingPolicy(minBrokers, 64, 0.8, 0.6, DELAY, declaredIsFloor);
    }

    final MutableClock clock = new MutableClock(START);

    ScalingRules rules(ScalingPolicy policy, double declaredRate) {
        return new ScalingRules(policy, workload(declaredRate), PROFILE, OBJECTIVES, LIMITS, TopologyMode.auto(), clock);
    }

    static double utilization(Layout layout, double offeredRate) {
        return new TopologyEvaluator(workload(offeredRate), PROFILE, OBJECTIVES, LIMITS).evaluate(layout).utilization();
    }

    /** The offered rate at which the layout's busiest broker runs at this utilization. */
    static double rateAt(Layout layout, double utilization) {
        return 1000 * utilization / utilization(layout, 1000); // utilization is linear in the rate
    }

    static Layout planned(double offeredRate, double cap) {
        return new TopologyPlanner().plan(workload(offeredRate), PROFILE, Objectives.utilization(cap), LIMITS,
                TopologyMode.auto()).chosen().orElseThrow().layout();
    }

    @Test
    void overloadGrowsAtOnceToThePlanAtTheUpperCapAndStartsTheDelay() {
        Layout running = new Layout(2, 1);
        double rate = rateAt(running, 0.95);
        ScalingDecision d = rules(policy(1, false), 100).decide(running, observed(rate, START), Optional.empty());

        assertEquals(Action.GROW, d.action());
        assertEquals(ScalingDecision.OVERLOADED, d.reason());
        assertEquals(planned(rate, 0.8), d.to());
        assertTrue(utilization(d.to(), rate) <= 0.8);
        assertEquals(0.95, d.current().utilization(), 1e-9);
        assertEquals(Optional.of(START.plus(DELAY)), d.inhibitedUntil());
        assertTrue(d.message().contains("exceeds the cap 0.800"), d.message());
    }

    @Test
    void overloadWithinTheDelayHoldsAndNamesTheLayoutItWouldGrowTo() {
        Layout running = new Layout(2, 1);
        Optional<Instant> until = Optional.of(START.plusSeconds(1));
        ScalingDecision d = rules(policy(1, false), 100).decide(running, observed(rateAt(running, 0.95), START), until);

        assertEquals(Action.HOLD, d.action());
        assertEquals(ScalingDecision.INHIBITED, d.reason());
        assertTrue(d.to().brokers() > running.brokers());
        assertEquals(until, d.inhibitedUntil());

        clock.advance(Duration.ofSeconds(1));
        assertEquals(Action.GROW, rules(policy(1, false), 100)
                .decide(running, observed(rateAt(running, 0.95), START), until).action(), "the delay is over");
    }

    @Test
    void utilizationBetweenTheCapsChangesNothing() {
        Layout running = new Layout(3, 1);
        ScalingDecision d = rules(policy(1, false), 100).decide(running, observed(rateAt(running, 0.7), START),
                Optional.empty());
        assertEquals(Action.HOLD, d.action());
        assertEquals(ScalingDecision.WITHIN_BAND, d.reason());
        assertEquals(running, d.to());
    }

    @Test
    void underloadShrinksToFewerBrokersThatStayUnderTheLowerCap() {
        Layout running = new Layout(4, 1);
        double rate = rateAt(running, 0.2);
        ScalingDecision d = rules(policy(1, false), 100).decide(running, observed(rate, START), Optional.empty());

        assertEquals(Action.SHRINK, d.action());
        assertEquals(ScalingDecision.UNDERLOADED, d.reason());
        assertEquals(planned(rate, 0.6), d.to());
        assertTrue(d.to().brokers() < running.brokers());
        assertTrue(utilization(d.to(), rate) < 0.6);
    }

    @Test
    void belowTheLowerCapButNoSmallerLayoutStaysUnderItHolds() {
        // 2 brokers at 0.55 each: one broker would run at about 1.1, far above the lower cap 0.6
        Layout running = new Layout(2, 1);
        ScalingDecision d = rules(policy(1, false), 100).decide(running, observed(rateAt(running, 0.55), START),
                Optional.empty());
        assertEquals(Action.HOLD, d.action());
        assertEquals(ScalingDecision.NO_SMALLER_LAYOUT, d.reason());
    }

    @Test
    void theDeclaredWorkloadIsTheFloor() {
        Layout running = new Layout(4, 1);
        double declared = rateAt(running, 0.7);
        ObservedLoad quiet = observed(rateAt(running, 0.1), START);

        assertEquals(Action.HOLD, rules(policy(1, true), declared).decide(running, quiet, Optional.empty()).action());
        assertEquals(Action.SHRINK, rules(policy(1, false), declared).decide(running, quiet, Optional.empty()).action());
    }

    @Test
    void aShrinkKeepsMinBrokers() {
        Layout running = new Layout(6, 1);
        ScalingDecision d = rules(policy(3, false), 100).decide(running, observed(100, START), Optional.empty());
        assertEquals(Action.SHRINK, d.action());
        assertEquals(3, d.to().brokers());

        ScalingDecision atMin = rules(policy(3, false), 100).decide(d.to(), observed(100, START), Optional.empty());
        assertEquals(Action.HOLD, atMin.action());
        assertEquals(ScalingDecision.NO_SMALLER_LAYOUT, atMin.reason());
    }

    @Test
    void anOverloadNoLayoutWithinMaxBrokersCarriesHolds() {
        ScalingPolicy fewBrokers = new ScalingPolicy(1, 3, 0.8, 0.6, DELAY, false);
        Layout running = new Layout(2, 1);
        ScalingDecision d = rules(fewBrokers, 100).decide(running, observed(rateAt(new Layout(1, 1), 5), START),
                Optional.empty());
        assertEquals(Action.HOLD, d.action());
        assertEquals(ScalingDecision.NO_FEASIBLE_LAYOUT, d.reason());
        assertTrue(d.message().contains("within 3 brokers"), d.message());
    }

    @Test
    void anIdleTopologyShrinksToOneBrokerWhenTheDeclaredWorkloadIsNoFloor() {
        ObservedLoad idle = new ObservedLoad(0, 0, 0, 0, WINDOW, START, Double.NaN);
        ScalingDecision d = rules(policy(1, false), 100).decide(new Layout(4, 1), idle, Optional.empty());
        assertEquals(Action.SHRINK, d.action());
        assertEquals(new Layout(1, 1), d.to());
        assertFalse(d.current().utilization() > 0.001);
    }
}
