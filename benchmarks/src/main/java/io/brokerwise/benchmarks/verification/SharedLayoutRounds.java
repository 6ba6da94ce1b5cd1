package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.measure.contract.LoadSpec;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * How {@code verify} measures a shared layout: each round on fresh brokers that declare every topic, all topics'
 * saturated loads at once ({@link LocalFleet#measureTogether}), each with its own subscribers. A row's
 * {@code --publishers} are split among the topics, so that each broker hears as many producers as the calibration's
 * did.
 */
public record SharedLayoutRounds(SharedLayoutPlan plan, LocalLoad load, BrokerNode node, Path workDir,
                                 Duration warmup, Duration measure) {

    public List<SharedLayoutRound> run(int repeats, PrintStream progress) throws Exception {
        List<SharedLayoutRound> rounds = new ArrayList<>();
        int topics = plan.designs().size();
        for (int round = 1; round <= repeats; round++) {
            progress.printf("loadgen: round %d/%d, layout %s, %d topics together%n", round, repeats, plan.layout(),
                    topics);
            try (LocalFleet fleet = LocalFleet.start(Math.toIntExact(plan.layout().brokers()), node, load.persistent(),
                    topics, workDir, progress)) {
                rounds.add(SharedLayoutRound.of(plan, fleet.measureTogether(loads(), plan.layout())));
            }
        }
        return rounds;
    }

    /** Each topic's saturated load on the layout's rows. */
    List<LoadSpec> loads() {
        int topics = plan.designs().size();
        LocalLoad perTopic = new LocalLoad(Math.max(1, load.publishersPerRow() / topics), load.persistent(),
                load.durableSubscriptions());
        List<LoadSpec> loads = new ArrayList<>();
        for (int i = 0; i < topics; i++) {
            loads.add(perTopic.saturated(plan.layout().publisherGroups(), plan.designs().get(i),
                    plan.messageBytes().get(i), warmup, measure, LocalPlacement.COOLDOWN));
        }
        return loads;
    }
}
