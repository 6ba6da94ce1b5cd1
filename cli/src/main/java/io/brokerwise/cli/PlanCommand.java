package io.brokerwise.cli;

import io.brokerwise.api.planning.PlanReports;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.PlanReport;
import io.brokerwise.model.topology.Plan;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "plan", mixinStandardHelpOptions = true,
        description = "Prints the plan the operator would write to status.plan and status.alternatives, then "
                + "the plan of each of spec.queues: its replicas, or why none is deployed.",
        footer = {"", "Examples:",
                "  brokerwise plan -f examples/topology.yaml",
                "  brokerwise plan -f examples/queue-topology.yaml",
                "  brokerwise plan -f topology.yaml -f profile.yaml -o json",
                "  brokerwise plan -f topology.yaml --profile henjes-activemq --max-brokers 16"})
final class PlanCommand implements Callable<Integer> {

    @Mixin
    TopologyInput input;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT",
            description = "table, json or yaml (default: ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Option(names = "--max-brokers", paramLabel = "N",
            description = "Brokers the platform can host, as the operator counts dedicated nodes; "
                    + "default: spec.placement.maxBrokers, else 1024.")
    Integer maxBrokers;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        TopologyInput.Loaded loaded = input.load();
        if (maxBrokers != null && maxBrokers < 1) {
            throw new IllegalArgumentException("--max-brokers: must be at least 1, got " + maxBrokers);
        }
        PlanningInput in = loaded.input(maxBrokers);
        Plan plan = loaded.plan(in);
        PlanReport report = PlanReports.fill(new PlanReport(), plan, loaded.profile());
        report.queues = loaded.queuePlans(in);
        String text = output == OutputFormat.table ? PlanTable.render(report, in) : output.serialize(report);
        spec.commandLine().getOut().println(text.stripTrailing());
        return 0;
    }
}
