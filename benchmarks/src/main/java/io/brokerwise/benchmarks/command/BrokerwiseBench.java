package io.brokerwise.benchmarks.command;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.ManifestReader;
import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * {@code brokerwise-bench}: measures real Artemis brokers with the workload's selectors. The planner's JMH
 * benchmark stays the benchmarks jar's default main; this one is run by class name (see README).
 */
@Command(name = "brokerwise-bench", mixinStandardHelpOptions = true, subcommands = {RunCommand.class, CalibrateCommand.class, VerifyCommand.class,
        BaselineCommand.class, ReportCommand.class, LatencyTermsCommand.class, RegistrationCommand.class, QueuesCommand.class},
        description = "Load generator for real Artemis brokers on this machine (loopback, CPU-quota cgroups).")
public final class BrokerwiseBench {

    /** Input the user must change: "loadgen: error: ..." lines, no stack trace. */
    static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        return new CommandLine(new BrokerwiseBench()).setExecutionExceptionHandler(BrokerwiseBench::handle);
    }

    /** The manifests of a file; a missing one is bad input ({@link #handle}). */
    static ManifestReader read(Path file) throws IOException {
        try (Reader in = Files.newBufferedReader(file)) {
            return new ManifestReader().add(in, file.toString());
        }
    }

    /** Bad input exits 2 with what to change; anything else is a failure of the run and keeps its stack trace. */
    private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parsed) throws Exception {
        if (e instanceof ManifestException m) {
            m.problems().forEach(p -> cli.getErr().println("loadgen: error: " + p));
            return BAD_INPUT;
        }
        if (e instanceof IllegalArgumentException) {
            cli.getErr().println("loadgen: error: " + e.getMessage());
            return BAD_INPUT;
        }
        if (e instanceof NoSuchFileException) {
            cli.getErr().println("loadgen: error: no such file: " + e.getMessage());
            return BAD_INPUT;
        }
        throw e;
    }
}
