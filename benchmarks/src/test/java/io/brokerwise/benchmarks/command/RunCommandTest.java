package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** Options of {@code run} that are refused before any broker starts, and the load {@code --topology} gives. */
class RunCommandTest {

    @TempDir
    Path dir;

    @Test
    void comparingPublishingPathsNeedsTwoRoundsForAnInterval() {
        Execution e = execute("run", "--publish-through", "client,factory", "--rounds", "1");
        assertEquals(2, e.exit(), e.err());
        assertEquals("loadgen: error: --rounds must be at least 2 to compare publishing paths: a 95% interval needs "
                + "two measurements of each", e.err().strip());
    }

    @Test
    void anUnknownPublishingPathIsACommandLineError() {
        Execution e = execute("run", "--publish-through", "jndi");
        assertEquals(2, e.exit(), e.err());
    }

    /**
     * The fixture is a topology as kubectl prints it: 30 subscribers with 2 filters each on the correlation ID, of 3
     * components, E[R] 4.6, persistent 512-byte messages, planned as PSR 3x1. The load is the one a BenchmarkRun's
     * Job measures on that layout with warm-up 15s and duration 60s (BenchmarkDesignTest holds the Job to the same).
     */
    @Test
    void aTopologyGivesTheLoadOfTheBenchmarkJobOnItsPlannedLayout() throws Exception {
        RunCommand run = parse("--topology", fixture().toString(), "--warmup", "15s", "--measure", "30s",
                "--cooldown", "15s", "--max-messages", String.valueOf(Long.MAX_VALUE));
        var planned = run.planned();
        assertEquals(new Layout(3, 1), planned.orElseThrow().layout());
        Duration quarter = Duration.ofSeconds(15);
        assertEquals(new LoadSpec(12, LoadSpec.Mode.saturate, 0, true, false,
                new SelectorDesign(5, 55, SelectorDesign.Kind.correlation, SelectorDesign.Shape.or, 3), 512,
                quarter, Duration.ofSeconds(30), quarter, Long.MAX_VALUE, 1), run.load(planned));
    }

    @Test
    void aTopologyAtAPoissonRateKeepsItsLoad() throws Exception {
        RunCommand run = parse("--topology", fixture().toString(), "--mode", "rate", "--rate", "50");
        LoadSpec load = run.load(run.planned());
        assertEquals(LoadSpec.Mode.rate, load.mode());
        assertEquals(50, load.ratePerPublisher());
        assertEquals(12, load.publishers());
    }

    @Test
    void theOptionsATopologyReplacesAreRefusedByName() throws Exception {
        Execution e = execute("run", "--topology", fixture().toString(), "--r", "2", "--layout", "2x1",
                "--publishers", "8", "--delivery-mode", "Persistent");
        assertEquals(2, e.exit(), e.err());
        assertTrue(e.err().startsWith("--topology gives the load (its plan's layout, publishers, subscribers, delivery "
                + "mode and message size): drop --layout, --publishers, --delivery-mode, --r"), e.err());
    }

    @Test
    void aTopologyWithoutAPlanIsRefused() throws Exception {
        ObjectMapper json = new ObjectMapper();
        ObjectNode topology = (ObjectNode) json.readTree(fixture().toFile());
        ((ObjectNode) topology.get("status")).remove("plan");
        Path unplanned = dir.resolve("unplanned.json");
        json.writeValue(unplanned.toFile(), topology);
        Execution e = execute("run", "--topology", unplanned.toString());
        assertEquals(2, e.exit(), e.err());
        assertEquals("loadgen: error: status.plan: the topology has no plan, and the load is for the plan's layout: "
                + "give the topology as kubectl get pubsubtopology NAME -o json prints it once it is planned",
                e.err().strip());
    }

    @Test
    void brokersRoutedAsAnotherLayoutThanThePlanAreRefused() throws Exception {
        Path routing = dir.resolve("routing.json");
        Files.writeString(routing, RoutingMapCodec.toJson(RoutingMap.forLocalPorts("orders", 1, 2, List.of(1, 2))));
        Execution e = execute("run", "--topology", fixture().toString(), "--routing-map", routing.toString());
        assertEquals(2, e.exit(), e.err());
        assertEquals("loadgen: error: the routing map routes layout 1x2, the topology's status.plan is 3x1: measure "
                + "the topology once it is Ready", e.err().strip());
    }

    private record Execution(int exit, String err) {
    }

    private static Execution execute(String... args) {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        return new Execution(cli.execute(args), err.toString());
    }

    /** {@code run} with these options, parsed as {@code brokerwise-bench} parses them, not executed. */
    private static RunCommand parse(String... options) {
        CommandLine cli = BrokerwiseBench.commandLine();
        List<String> args = new ArrayList<>(List.of("run"));
        args.addAll(List.of(options));
        cli.parseArgs(args.toArray(String[]::new));
        return cli.getSubcommands().get("run").getCommand();
    }

    private Path fixture() throws Exception {
        Path topology = dir.resolve("planned-topology.json");
        if (!Files.exists(topology)) {
            Files.copy(Objects.requireNonNull(getClass().getResourceAsStream("/planned-topology.json")), topology);
        }
        return topology;
    }
}
