package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.local.BrokerNode;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.model.Durations;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import picocli.CommandLine.Option;

/** The local brokers and publishers every command sets the same way (a picocli mixin). */
final class BrokerOptions {

    @Option(names = "--broker-cores", defaultValue = "1", description = "CPU quota per broker in cores; 0 = none")
    double brokerCores;
    @Option(names = "--broker-cpus", description = "pin the brokers to these CPUs (a taskset list such as 1); run "
            + "brokerwise-bench itself under taskset on the others")
    String brokerCpus;
    @Option(names = "--cpu-period", defaultValue = "100ms", description = "the CFS period the quota is enforced "
            + "over: a broker runs cores x period, then waits out the rest (100ms is the kernel's and Kubernetes' "
            + "default)")
    String cpuPeriod;
    @Option(names = "--unthrottled-warmup", defaultValue = "0s", description = "run this first part of a fresh "
            + "broker's first warm-up without its CPU quota, so its JIT compiler does not share the quota; it must end "
            + "10 s before that warm-up does")
    String unthrottledWarmup;
    @Option(names = "--broker-heap", defaultValue = "512m")
    String brokerHeap;
    @Option(names = "--publishers", defaultValue = "4")
    int publishers;
    @Option(names = "--delivery-mode", defaultValue = "NonPersistent", description = "Persistent | NonPersistent")
    String deliveryMode;
    @Option(names = "--durable-subscriptions", description = "subscribers hold durable subscriptions, removed after "
            + "each point: only for them does a broker journal persistent messages (its brokers get a journal)")
    boolean durableSubscriptions;
    @Option(names = "--work-dir", description = "broker configs, data and logs (default: a new temp dir)")
    Path workDir;

    /** The stand-in for a dedicated node that every local broker gets. */
    BrokerNode node() {
        return new BrokerNode(brokerCores, Durations.parse(cpuPeriod), brokerCpus, brokerHeap,
                Durations.parse(unthrottledWarmup));
    }

    /** The publishers each row of a layout gets, persistent or not. */
    LocalLoad load() {
        return new LocalLoad(publishers, persistent(), durableSubscriptions);
    }

    /** {@code --work-dir}, or a new temporary directory named after the command. */
    Path workDir(String prefix) throws IOException {
        return workDir != null ? workDir : Files.createTempDirectory(prefix);
    }

    private boolean persistent() {
        return switch (deliveryMode) {
            case "Persistent" -> true;
            case "NonPersistent" -> false;
            default -> throw new IllegalArgumentException("--delivery-mode is Persistent or NonPersistent");
        };
    }

    /** These options as they would be typed, for the record of how a result was made. */
    String describe() {
        return "--broker-cores " + brokerCores + " --cpu-period " + cpuPeriod + " --broker-heap " + brokerHeap
                + " --publishers " + publishers + " --delivery-mode " + deliveryMode
                + (durableSubscriptions ? " --durable-subscriptions" : "")
                + (brokerCpus != null ? " --broker-cpus " + brokerCpus : "")
                + (Durations.parse(unthrottledWarmup).isZero() ? "" : " --unthrottled-warmup " + unthrottledWarmup);
    }
}
