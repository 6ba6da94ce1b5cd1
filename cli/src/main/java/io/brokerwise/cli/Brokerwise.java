package io.brokerwise.cli;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.model.fit.FitException;
import java.io.PrintWriter;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The brokerwise command: the model on manifests, without a cluster. */
@Command(name = "brokerwise", mixinStandardHelpOptions = true, version = "brokerwise 0.1.0",
        description = "Plans ActiveMQ Artemis publish/subscribe topologies with the analytical models of "
                + "Henjes (2010): PSR, SSR and k x l grids.",
        subcommands = {PlanCommand.class, FitCommand.class, SweepCommand.class, ProfilesCommand.class,
            UpCommand.class, DownCommand.class},
        footer = {"", "Exit codes: 0 done, 2 bad input (the message names the field), 1 internal error.",
                "Example: brokerwise plan -f examples/topology.yaml"})
public final class Brokerwise {

    /** Input the user must change; printed as "error: ..." lines with exit code 2. */
    static final int BAD_INPUT = 2;

    private static final Pattern CONTROL = Pattern.compile("\\p{Cntrl}");

    public static void main(String[] args) {
        // The jar carries slf4j-simple for the local brokers it starts; the command prints its own messages.
        System.setProperty("slf4j.provider", System.getProperty("slf4j.provider", "org.slf4j.nop.NOPServiceProvider"));
        System.setProperty("slf4j.internal.verbosity", System.getProperty("slf4j.internal.verbosity", "WARN"));
        System.exit(commandLine().execute(args));
    }

    static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Brokerwise());
        cli.setExecutionExceptionHandler(Brokerwise::handle);
        return cli;
    }

    private static int handle(Exception e, CommandLine cli, CommandLine.ParseResult parsed) {
        PrintWriter err = cli.getErr();
        if (e instanceof ManifestException m) {
            m.problems().forEach(p -> err.println("error: " + oneLine(p)));
            return BAD_INPUT;
        }
        if (e instanceof FitException || e instanceof IllegalArgumentException || e instanceof java.io.IOException) {
            err.println("error: " + oneLine(e.getMessage()));
            return BAD_INPUT;
        }
        err.println("internal error: " + e);
        return 1;
    }

    /** A problem on one line: control characters a manifest's value brought in are escaped, as YAML writes them. */
    private static String oneLine(String problem) {
        return CONTROL.matcher(String.valueOf(problem)).replaceAll(c -> String.format("\\\\u%04x", (int) c.group().charAt(0)));
    }
}
