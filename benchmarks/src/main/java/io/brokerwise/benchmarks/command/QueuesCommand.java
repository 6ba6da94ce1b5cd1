package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.broker.queues.QueueReplicas;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.queues.QueueLoad;
import io.brokerwise.measure.queues.QueueLoadResult;
import io.brokerwise.measure.queues.QueueLoadRun;
import io.brokerwise.model.Durations;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlanner;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench queues}: one replicated queue on k = 1, 2, 3, ... local brokers under one CPU quota each,
 * the same producers and consumers per replica at every k, side by side in one run: the rate the consumers take
 * messages at against k times that of one replica, each replica's clients and broker CPU, what was lost or taken
 * twice, and the capacity per replica the model predicts with the profile given.
 */
@Command(name = "queues", mixinStandardHelpOptions = true,
        description = "A replicated queue on 1, 2, 3 ... local brokers, side by side: its rate against k times one "
                + "replica's, and against the model's capacity per replica.")
final class QueuesCommand implements Callable<Integer> {

    static final String QUEUE = "bench-queue";

    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--replicas", split = ",", defaultValue = "1,2,3", description = "the k to measure, in order")
    int[] replicas;
    @Option(names = "--producers-per-replica", defaultValue = "2")
    int producersPerReplica;
    @Option(names = "--consumers-per-replica", defaultValue = "2")
    int consumersPerReplica;
    @Option(names = "--message-bytes", defaultValue = "100")
    int messageBytes;
    @Option(names = "--warmup", defaultValue = "10s")
    String warmup;
    @Option(names = "--measure", defaultValue = "20s")
    String measure;
    @Option(names = "--cooldown", defaultValue = "1s")
    String cooldown;
    @Option(names = "--profile", defaultValue = "artemis-2.56-halfcore-nonpersistent",
            description = "the built-in profile whose capacity per replica the figures are set against")
    String profile;
    @Option(names = "--compare-artemis", description = "at each k, also measure Artemis's own clustered queue with "
            + "the same clients and messages: its default load balancing (ON_DEMAND) and its client's round-robin "
            + "connections in place of ElectQueue")
    boolean compareArtemis;
    @Option(names = "--consumer-window", defaultValue = "-1", description = "bytes each consumer buffers "
            + "(Artemis's consumerWindowSize; 0: one message at a time); -1 (the default): Artemis's default, 1 MiB")
    int consumerWindow;
    @Option(names = "--compare-relief", description = "at each k, also measure ElectQueue's consumers reading their "
            + "own replica alone, without relieving the others")
    boolean compareRelief;
    @Option(names = "--out", description = "write every result as JSON here as well")
    Path out;

    @Override
    public Integer call() throws Exception {
        ServiceTimeProfile model = BuiltInProfiles.find(profile, null).orElseThrow(
                () -> new IllegalArgumentException("--profile: no built-in profile '" + profile + "'"));
        double predicted = capacityPerReplica(model);
        List<QueueLoadResult> results = new ArrayList<>();
        for (int k : replicas) {
            results.add(measure(k, QueueLoad.Placement.ELECT_QUEUE, QueueReplicas.Balancing.PLACED));
            if (compareRelief) {
                results.add(measure(k, QueueLoad.Placement.ELECT_QUEUE_HOME_ONLY, QueueReplicas.Balancing.PLACED));
            }
            if (compareArtemis) {
                results.add(measure(k, QueueLoad.Placement.ARTEMIS_ROUND_ROBIN, QueueReplicas.Balancing.ARTEMIS_DEFAULT));
            }
        }
        System.out.println(table(results, predicted));
        if (out != null) {
            Files.writeString(out, JsonResult.text(results));
        }
        return results.stream().allMatch(r -> r.lost() == 0 && r.duplicates() == 0) ? 0 : 1;
    }

    /** One k on brokers started for it, so that every measurement starts from fresh, equal brokers. */
    private QueueLoadResult measure(int k, QueueLoad.Placement placement, QueueReplicas.Balancing balancing)
            throws Exception {
        QueueLoad load = new QueueLoad(k * producersPerReplica, k * consumersPerReplica, brokers.load().persistent(),
                messageBytes, Durations.parse(warmup), Durations.parse(measure), Durations.parse(cooldown), placement,
                consumerWindow);
        try (LocalFleet fleet = LocalFleet.startWithQueue(k, brokers.node(), QUEUE, balancing,
                brokers.load().journal(), brokers.workDir("brokerwise-queues"), System.err)) {
            return new QueueLoadRun(load, System.err).measure(fleet.queueTarget(QUEUE));
        }
    }

    /** The model's 1/E[B] of a replica whose consumers have no selector, at this message size. */
    private double capacityPerReplica(ServiceTimeProfile model) {
        QueueWorkload one = new QueueWorkload(QUEUE, producersPerReplica, 1, consumersPerReplica,
                QueueWorkload.AS_FAST_AS_THEY_CAN, 0, Double.NaN, Math.max(1, messageBytes));
        return new ReplicatedQueuePlanner().plan(one, model, Objectives.utilization(0.99), Limits.brokers(1)).replica()
                .orElseThrow().capacity();
    }

    private String table(List<QueueLoadResult> results, double predicted) {
        StringBuilder t = new StringBuilder(String.format("%-3s %-20s %-9s %-9s %12s %10s %12s %10s %-24s %-12s %5s "
                + "%5s%n", "k", "placement", "producers", "consumers", "consumed/s", "x k*one", "per replica", "x model",
                "broker CPU", "clients", "lost", "dup"));
        double one = results.get(0).consumedPerSecond() / results.get(0).replicas().size();
        for (QueueLoadResult r : results) {
            int k = r.replicas().size();
            t.append(String.format("%-3d %-20s %-9d %-9d %,12.0f %10.2f %,12.0f %10.2f %-24s %-12s %5d %5d%n", k,
                    r.placement(), r.producers(), r.consumers(), r.consumedPerSecond(),
                    r.consumedPerSecond() / (k * one), r.consumedPerSecond() / k, r.consumedPerSecond() / k / predicted,
                    cpu(r), clients(r), r.lost(), r.duplicates()));
        }
        return t.append(String.format("model: %,.0f msgs/s per replica (%s, 1/E[B], no selector, %d B)", predicted,
                profile, messageBytes)).toString();
    }

    /** Producers/consumers at each replica. */
    private static String clients(QueueLoadResult r) {
        return String.join(" ", r.replicas().stream().map(x -> x.producers() + "/" + x.consumers()).toList());
    }

    private static String cpu(QueueLoadResult r) {
        return String.join(" ", r.replicas().stream().map(x -> String.format("%.0f%%", 100 * x.brokerCpu())).toList());
    }
}
