package io.brokerwise.cli;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.Plan;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "up", mixinStandardHelpOptions = true,
        description = {"Plans the topology and starts its layout as local Artemis brokers on loopback, one process "
                + "per broker, then writes routing.json and a jndi.properties that point a Jakarta Messaging "
                + "application at them (the Brokerwise connection factory, the topology's topic and its queues: each "
                + "queue the plan deploys as replicas on the first brokers, joined by their cluster connection).",
            "The layout's brokers are the same the operator deploys; only the ports are local."},
        footer = {"", "Examples:",
                "  brokerwise up -f examples/local-cluster.yaml",
                "  brokerwise up -f topology.yaml --profile henjes-activemq --port 62000 --dir /tmp/layout",
                "  java -cp app.jar:brokerwise-client.jar:.brokerwise ...   (jndi.properties on the class path)",
                "  brokerwise down"})
final class UpCommand implements Callable<Integer> {

    @Mixin
    TopologyInput input;

    @Option(names = "--dir", defaultValue = ".brokerwise", paramLabel = "DIR",
            description = "Where the brokers' data and logs, routing.json and jndi.properties go "
                    + "(default: ${DEFAULT-VALUE}).")
    Path dir;

    @Option(names = "--port", defaultValue = "61616", paramLabel = "PORT",
            description = "The first broker's port; broker i listens on PORT + i (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--max-brokers", defaultValue = "4", paramLabel = "N",
            description = "Local brokers this machine can run: the plan is the cheapest layout of at most N "
                    + "(default: ${DEFAULT-VALUE}).")
    int maxBrokers;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (maxBrokers < 1) {
            throw new IllegalArgumentException("--max-brokers: must be at least 1, got " + maxBrokers);
        }
        if (port < 1 || port + maxBrokers - 1 > 65535) {
            throw new IllegalArgumentException("--port: " + port + " leaves no room for " + maxBrokers
                    + " broker(s) below 65536");
        }
        TopologyInput.Loaded loaded = input.load();
        PlanningInput in = loaded.input(maxBrokers);
        Plan plan = loaded.plan(in);
        if (plan.chosen().isEmpty()) {
            throw new IllegalArgumentException("--max-brokers: no layout of at most " + maxBrokers
                    + " brokers meets the objectives: " + plan.bindingMessage());
        }
        Layout layout = plan.chosen().get().layout();
        var out = spec.commandLine().getOut();
        out.printf("plan: %dx%d, %d broker(s)%n", layout.publisherGroups(), layout.subscriberGroups(),
                layout.brokers());
        Map<String, Integer> queues = queues(loaded.queuePlans(in), out);
        var topology = loaded.topology();
        var spec = topology.getSpec();
        boolean journal = spec.workloads().stream().anyMatch(w -> w.persistent()) || spec.queues != null
                && spec.queues.stream().anyMatch(q -> queues.containsKey(q.name) && q.persistent());
        new LocalLayout(dir, out).up(spec.topicNames(topology.getMetadata().getName()), layout.publisherGroups(),
                layout.subscriberGroups(), queues, journal, port);
        return 0;
    }

    /** Each queue the plan deploys with its replicas; a queue it cannot deploy is named with the reason. */
    private Map<String, Integer> queues(List<QueuePlanStatus> plans, PrintWriter out) {
        Map<String, Integer> queues = new LinkedHashMap<>();
        for (QueuePlanStatus q : plans == null ? List.<QueuePlanStatus>of() : plans) {
            if (Boolean.TRUE.equals(q.feasible)) {
                if (q.replicas > maxBrokers) {
                    throw new IllegalArgumentException("--max-brokers: queue " + q.name + " needs " + q.replicas
                            + " replicas, more than " + maxBrokers);
                }
                queues.put(q.name, q.replicas);
                out.printf("queue %s: %d replica(s)%n", q.name, q.replicas);
            } else {
                out.printf("queue %s: not deployed: %s%n", q.name, q.reason);
            }
        }
        return queues;
    }
}
