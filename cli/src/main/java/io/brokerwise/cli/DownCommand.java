package io.brokerwise.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "down", mixinStandardHelpOptions = true,
        description = "Stops the local brokers 'brokerwise up' started in DIR and returns once their ports are "
                + "free; their logs and data stay.",
        footer = {"", "Examples:",
                "  brokerwise down",
                "  brokerwise down --dir /tmp/layout"})
final class DownCommand implements Callable<Integer> {

    @Option(names = "--dir", defaultValue = ".brokerwise", paramLabel = "DIR",
            description = "The directory 'brokerwise up' used (default: ${DEFAULT-VALUE}).")
    Path dir;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        new LocalLayout(dir, spec.commandLine().getOut()).down();
        return 0;
    }
}
