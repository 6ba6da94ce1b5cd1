package io.brokerwise.benchmarks.loadgen;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code brokerwise-bench}: measures real Artemis brokers with the workload's selectors. The planner's JMH
 * benchmark stays the benchmarks jar's default main; this one is run by class name (see README).
 */
@Command(name = "brokerwise-bench", mixinStandardHelpOptions = true, subcommands = {RunCommand.class, CalibrateCommand.class, VerifyCommand.class,
        BaselineCommand.class, ReportCommand.class},
        description = "Load generator for real Artemis brokers on this machine (loopback, CPU-quota cgroups).")
public final class BrokerwiseBench {

    public static void main(String[] args) {
        System.exit(new CommandLine(new BrokerwiseBench()).execute(args));
    }
}
