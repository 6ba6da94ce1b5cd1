package io.brokerwise.operator.autoscaling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.brokerwise.api.v1alpha1.AutoscalingStatus;
import io.brokerwise.model.autoscaling.ObservedLoad;
import io.brokerwise.model.autoscaling.ScalingDecision;
import io.brokerwise.model.autoscaling.ScalingPolicy;
import io.brokerwise.model.autoscaling.ScalingRules;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.Workload;
import io.brokerwise.routing.ClientMoves;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AutoscalingReportTest {

    static final Instant NOW = Instant.parse("2026-01-01T00:05:00Z");

    static final ClientMoves MOVES = new ClientMoves(20, 0);

    /** One broker, 40 publishers at 500 msgs/s each: far over any cap. */
    final ObservedLoad overload = new ObservedLoad(40, 20_000, 10, 2, Duration.ofSeconds(90), NOW, 0.97);

    ScalingDecision decide(Optional<Instant> inhibitedUntil) {
        var rules = new ScalingRules(new ScalingPolicy(1, 64, 0.8, 0.6, Duration.ofMinutes(5), false),
                Workload.of(1, 1, 1, 1, 1), BuiltInProfiles.find("artemis-2.56-halfcore-nonpersistent", null).orElseThrow(),
                Objectives.utilization(0.9), Limits.brokers(64), TopologyMode.auto(), Clock.fixed(NOW, ZoneOffset.UTC));
        return rules.decide(new Layout(1, 1), overload, inhibitedUntil);
    }

    @Test
    void anAppliedChangeIsTheLastScalingAndStartsTheInhibition() {
        ScalingDecision grow = decide(Optional.empty());
        AutoscalingStatus s = AutoscalingReport.of(null, overload, grow, MOVES, true);

        assertEquals("1x1", s.observed.layout);
        assertEquals(40, s.observed.publishers);
        assertEquals(20_000.0, s.observed.offeredRate);
        assertEquals("90s", s.observed.window);
        assertEquals(NOW.toString(), s.observed.time);
        assertEquals(grow.current().utilization(), s.observed.predictedUtilization);
        assertEquals(0.97, s.observed.measuredUtilization);
        assertEquals("1x1", s.lastScaling.from);
        assertEquals(grow.to().publisherGroups() + "x" + grow.to().subscriberGroups(), s.lastScaling.to);
        assertEquals(ScalingDecision.OVERLOADED, s.lastScaling.reason);
        assertEquals("2026-01-01T00:10:00Z", s.inhibitedUntil);
        assertEquals(s.lastScaling.to, s.recommendation.to);
        assertEquals(s.lastScaling.to, s.layout, "mode Auto holds the layout it applied");
        assertEquals(20, s.lastScaling.publishersMoved);
        assertEquals(0, s.lastScaling.subscriptionsMoved);
    }

    @Test
    void aRecommendationStartsTheInhibitionAndLeavesTheLastScalingAsItWas() {
        AutoscalingStatus before = AutoscalingReport.of(null, overload, decide(Optional.empty()), MOVES, true);
        AutoscalingStatus s = AutoscalingReport.of(before, overload, decide(Optional.empty()), MOVES, false);
        assertSame(before.lastScaling, s.lastScaling);
        assertEquals(before.layout, s.layout);
        assertEquals(ScalingDecision.OVERLOADED, s.recommendation.reason);

        AutoscalingStatus first = AutoscalingReport.of(null, overload, decide(Optional.empty()), MOVES, false);
        assertNull(first.lastScaling);
        assertNull(first.layout, "a recommendation holds no layout");
        assertEquals("2026-01-01T00:10:00Z", first.inhibitedUntil, "proposed at 00:05, with a delay of 5 minutes");

        AutoscalingStatus held = AutoscalingReport.of(first, overload, decide(Optional.of(NOW.plusSeconds(30))), MOVES,
                false);
        assertEquals(ScalingDecision.INHIBITED, held.recommendation.reason);
        assertEquals(first.inhibitedUntil, held.inhibitedUntil, "a held change does not extend the inhibition");
    }

    @Test
    void aHeldChangeIsRecommendedWithWhyItWaits() {
        ScalingDecision held = decide(Optional.of(NOW.plusSeconds(30)));
        AutoscalingStatus s = AutoscalingReport.of(null, overload, held, MOVES, true);
        assertEquals(ScalingDecision.INHIBITED, s.recommendation.reason);
        assertNull(s.lastScaling, "nothing was applied");
    }
}
