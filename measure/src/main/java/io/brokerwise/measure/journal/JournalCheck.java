package io.brokerwise.measure.journal;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.measure.ClientEnvironment;
import io.brokerwise.measure.DurationConverter;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * What a broker's journal keeps, checked from a client of a one-broker topology with a journal:
 * <ul>
 *   <li>{@code hold}: a durable subscription is made and left, persistent messages are published to it, a few are
 *       delivered and not acknowledged; then the check waits for the broker to go and come back (the test kills
 *       its pod) and consumes everything, counting each message against what was sent ({@link HeldMessages}).</li>
 *   <li>{@code send}: persistent messages through the client library at a steady rate, each send's outcome
 *       printed: what an application sees of a full journal volume ({@link SteadySends}).</li>
 * </ul>
 * It runs in the benchmark image: {@code java -cp @/opt/brokerwise/jib-classpath-file
 * io.brokerwise.measure.journal.JournalCheck --help}.
 */
@Command(name = "brokerwise-journal-check", mixinStandardHelpOptions = true,
        subcommands = {JournalCheck.Hold.class, JournalCheck.Send.class},
        description = "Check what a one-broker topology's journal keeps: through a restart (hold), or while its "
                + "volume fills (send).")
public final class JournalCheck implements Callable<Integer> {

    /** The durable subscription's client ID and name. */
    static final String CLIENT_ID = "brokerwise-journal-check";
    static final String SUBSCRIPTION = "held";
    /** The property that numbers the messages. */
    static final String SEQUENCE = "jc_seq";

    @Option(names = "--routing-map", defaultValue = "/etc/brokerwise/routing/routing.json", scope =
            CommandLine.ScopeType.INHERIT)
    Path routingMap;

    @Spec
    CommandSpec spec;

    public static void main(String[] args) {
        System.exit(new CommandLine(new JournalCheck()).execute(args));
    }

    @Override
    public Integer call() {
        throw new ParameterException(spec.commandLine(), "name a check: hold or send");
    }

    /** The routing map, which must route one broker: a layout of several is a usage error. */
    RoutingMap oneBroker(CommandSpec caller) throws java.io.IOException {
        RoutingMap map = RoutingMapWatcher.read(routingMap);
        if (map.brokers().size() != 1) {
            throw new ParameterException(caller.commandLine(), "the journal check needs a one-broker layout; "
                    + routingMap + " routes " + map.brokers().size() + " brokers");
        }
        return map;
    }

    @Command(name = "hold", mixinStandardHelpOptions = true,
            description = "Leave persistent messages on the broker, wait for it to restart, consume and count them.")
    static final class Hold implements Callable<Integer> {
        @CommandLine.ParentCommand
        JournalCheck parent;
        @Spec
        CommandSpec spec;
        @Option(names = "--messages", defaultValue = "12000", description = "persistent messages left waiting")
        int messages;
        @Option(names = "--unacknowledged", defaultValue = "100",
                description = "of them, delivered and not acknowledged before the broker goes")
        int unacknowledged;
        @Option(names = "--message-bytes", defaultValue = "256")
        int messageBytes;
        @Option(names = "--restart-within", defaultValue = "5m", converter = DurationConverter.class,
                description = "how long to wait for the broker to go and come back")
        Duration restartWithin;

        @Override
        public Integer call() throws Exception {
            if (messages < 1 || unacknowledged < 0 || unacknowledged > messages || messageBytes < 0) {
                throw new ParameterException(spec.commandLine(), "--messages must be at least 1 and "
                        + "--unacknowledged between 0 and --messages, --message-bytes at least 0");
            }
            RoutingMap map = parent.oneBroker(spec);
            ClientOptions options = ClientEnvironment.options();
            HeldMessages.Report report = new HeldMessages(options.urlWithoutReconnection(map.brokers().get(0)),
                    map.soleTopic(), options, messageBytes, restartWithin).run(messages, unacknowledged);
            System.out.println(report.line());
            return report.kept() ? 0 : 1;
        }
    }

    @Command(name = "send", mixinStandardHelpOptions = true,
            description = "Publish persistent messages through the client library at a steady rate, printing each "
                    + "failed send and each recovery.")
    static final class Send implements Callable<Integer> {
        @CommandLine.ParentCommand
        JournalCheck parent;
        @Spec
        CommandSpec spec;
        @Option(names = "--rate", defaultValue = "5", description = "messages per second")
        double rate;
        @Option(names = "--for", defaultValue = "5m", converter = DurationConverter.class,
                description = "how long to send; the process ends then")
        Duration length;
        @Option(names = "--message-bytes", defaultValue = "1024")
        int messageBytes;

        @Override
        public Integer call() throws Exception {
            if (rate <= 0 || messageBytes < 0) {
                throw new ParameterException(spec.commandLine(), "--rate must be above 0, --message-bytes at least 0");
            }
            new SteadySends(parent.oneBroker(spec), ClientEnvironment.options(), rate, length, messageBytes).run();
            return 0;
        }
    }
}
