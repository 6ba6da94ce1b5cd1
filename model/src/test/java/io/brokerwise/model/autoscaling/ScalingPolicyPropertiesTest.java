package io.brokerwise.model.autoscaling;

import static io.brokerwise.model.autoscaling.ScalingRulesTest.LIMITS;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.OBJECTIVES;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.PROFILE;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.START;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.observed;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.rateAt;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.utilization;
import static io.brokerwise.model.autoscaling.ScalingRulesTest.workload;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.TopologyMode;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The control rules over random load sequences on a fake clock: observations every {@code step}, an inhibition
 * delay of a whole number of steps, caps drawn at random, loads from idle to six times what one broker carries.
 */
class ScalingPolicyPropertiesTest {

    /** The offered rate one broker carries at full utilization. */
    static final double ONE_BROKER = rateAt(new Layout(1, 1), 1.0);

    record Run(List<Double> loads, Duration step, int delaySteps, double up, double down) {
        Duration delay() {
            return step.multipliedBy(delaySteps);
        }

        ScalingPolicy policy() {
            return new ScalingPolicy(1, 64, up, down, delay(), false);
        }
    }

    /** One observation: the layout that ran, the load it saw, and what the rules decided. */
    record Tick(Instant at, Layout running, double load, ScalingDecision decision) {
        boolean overloaded(double up) {
            return utilization(running, load) > up;
        }
    }

    static List<Tick> simulate(Run run, Layout start) {
        MutableClock clock = new MutableClock(START);
        ScalingRules rules = new ScalingRules(run.policy(), workload(1), PROFILE, OBJECTIVES, LIMITS,
                TopologyMode.auto(), clock);
        Layout running = start;
        Optional<Instant> inhibitedUntil = Optional.empty();
        List<Tick> ticks = new ArrayList<>();
        for (double load : run.loads()) {
            clock.advance(run.step());
            ScalingDecision d = rules.decide(running, observed(load, clock.instant()), inhibitedUntil);
            ticks.add(new Tick(clock.instant(), running, load, d));
            if (d.changes()) {
                running = d.to();
                inhibitedUntil = d.inhibitedUntil();
            }
        }
        return ticks;
    }

    @Property(tries = 300)
    void noTwoChangesWithinTheInhibitionDelay(@ForAll("runs") Run run) {
        List<Instant> changes = simulate(run, new Layout(1, 1)).stream().filter(t -> t.decision().changes())
                .map(Tick::at).toList();
        for (int i = 1; i < changes.size(); i++) {
            Duration apart = Duration.between(changes.get(i - 1), changes.get(i));
            assertTrue(apart.compareTo(run.delay()) >= 0, "changes " + apart + " apart, delay " + run.delay());
        }
    }

    /** Every overload ends, or a change happens, within one delay of the first observation that saw it. */
    @Property(tries = 300)
    void sustainedOverloadGrowsWithinOneDelay(@ForAll("runs") Run run) {
        List<Tick> ticks = simulate(run, new Layout(1, 1));
        Instant end = ticks.get(ticks.size() - 1).at();
        for (int i = 0; i < ticks.size(); i++) {
            Tick overload = ticks.get(i);
            Instant horizon = overload.at().plus(run.delay());
            if (!overload.overloaded(run.up()) || horizon.isAfter(end)) {
                continue;
            }
            boolean answered = ticks.subList(i, ticks.size()).stream().filter(t -> !t.at().isAfter(horizon))
                    .anyMatch(t -> t.decision().changes() || !t.overloaded(run.up()));
            assertTrue(answered, "overload at " + overload.at() + " on " + overload.running() + " unanswered by "
                    + horizon);
        }
    }

    @Property(tries = 300)
    void aShrinkNeverPicksALayoutTheObservedLoadPutsOverTheUpperCap(@ForAll("runs") Run run) {
        for (Tick t : simulate(run, new Layout(1, 1))) {
            ScalingDecision d = t.decision();
            if (d.action() == ScalingDecision.Action.SHRINK) {
                double after = utilization(d.to(), t.load());
                assertTrue(after <= run.up(), d.to() + " at " + after + " over " + run.up());
                assertTrue(after <= run.down(), "a shrink stays within the lower cap: " + after + " vs " + run.down());
            }
        }
    }

    /** A layout whose busiest broker stays between the caps keeps running, whatever the load does in there. */
    @Property(tries = 300)
    void aLoadOscillatingInsideTheBandChangesNothing(@ForAll("runs") Run run, @ForAll("layouts") Layout layout,
                                                     @ForAll("bandShares") List<Double> shares) {
        List<Double> loads = shares.stream()
                .map(s -> rateAt(layout, run.down() + s * (run.up() - run.down()))).toList();
        Run inBand = new Run(loads, run.step(), run.delaySteps(), run.up(), run.down());
        for (Tick t : simulate(inBand, layout)) {
            assertEquals(ScalingDecision.Action.HOLD, t.decision().action(), t.decision().message());
            assertEquals(ScalingDecision.WITHIN_BAND, t.decision().reason());
        }
    }

    @Provide
    Arbitrary<Run> runs() {
        Arbitrary<List<Double>> loads = Arbitraries.doubles().between(0.02, 6.0).map(x -> x * ONE_BROKER)
                .list().ofMinSize(2).ofMaxSize(60);
        Arbitrary<Duration> step = Arbitraries.integers().between(5, 120).map(Duration::ofSeconds);
        Arbitrary<Integer> delaySteps = Arbitraries.integers().between(1, 12);
        Arbitrary<Double> up = Arbitraries.doubles().between(0.5, 0.95);
        Arbitrary<Double> downShare = Arbitraries.doubles().between(0.3, 0.9);
        return Combinators.combine(loads, step, delaySteps, up, downShare)
                .as((l, s, d, u, share) -> new Run(l, s, d, u, u * share));
    }

    @Provide
    Arbitrary<Layout> layouts() {
        return Combinators.combine(Arbitraries.integers().between(1, 40), Arbitraries.integers().between(1, 10))
                .as(Layout::new);
    }

    @Provide
    Arbitrary<List<Double>> bandShares() {
        return Arbitraries.doubles().between(0.01, 0.99).list().ofMinSize(1).ofMaxSize(40);
    }
}
