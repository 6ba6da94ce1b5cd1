package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PlanCommandTest {

    static final Path EXAMPLE = Path.of("../examples/topology.yaml");
    /** A minimal valid manifest; each bad-input case below changes one thing in it. */
    static final String VALID = read("../examples/minimal-topology.yaml");

    @TempDir
    Path dir;

    @Test
    void jsonHasThePlanAndAlternativesWithEveryDocumentedField() throws IOException {
        CliRun run = CliRun.of("plan", "-f", EXAMPLE.toString(), "-o", "json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertTrue(root.path("alternatives").isArray() && root.path("alternatives").size() > 0);
        for (JsonNode layout : iterable(root)) {
            for (String field : new String[] {"topology", "publisherGroups", "subscriberGroups", "brokers", "offeredLoad",
                "capacity", "utilization", "networkUtilization", "feasible", "reason"}) {
                assertTrue(layout.has(field), "missing " + field + " in " + layout);
            }
            assertTrue(layout.path("serviceTime").has("mean") && layout.path("serviceTime").has("cv"));
            assertTrue(layout.path("waitingTime").has("level"));
            for (String field : new String[] {"ingressBitsPerSecond", "egressBitsPerSecond", "bitsPerSecond",
                "publisherEgressBitsPerSecond"}) {
                assertTrue(layout.path("network").has(field), "missing network." + field + " in " + layout);
            }
        }
        JsonNode plan = root.path("plan");
        assertTrue(plan.path("feasible").asBoolean());
        assertEquals(plan.path("publisherGroups").asLong() * plan.path("subscriberGroups").asLong(), plan.path("brokers").asLong());
        assertTrue(plan.path("utilization").asDouble() <= 0.8);
        assertTrue(plan.path("waitingTime").path("quantile").asDouble() <= 0.005);
        assertEquals(0.9999, plan.path("waitingTime").path("level").asDouble());
    }

    @Test
    void fixedModeEvaluatesExactlyThatLayout() throws IOException {
        Path file = write(VALID.replace("  workload:", "  topology: {mode: Grid, publisherGroups: 3, subscriberGroups: 2}\n  workload:"));
        JsonNode plan = new ObjectMapper().readTree(CliRun.of("plan", "-f", file.toString(), "-o", "json").out()).path("plan");
        assertEquals("Grid", plan.path("topology").asText());
        assertEquals(3, plan.path("publisherGroups").asInt());
        assertEquals(2, plan.path("subscriberGroups").asInt());
    }

    @Test
    void tooFewBrokersGivesTheBindingConstraintAndTheClosestPlan() throws IOException {
        CliRun run = CliRun.of("plan", "-f", EXAMPLE.toString(), "--max-brokers", "2", "-o", "json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode root = new ObjectMapper().readTree(run.out());
        assertFalse(root.path("plan").path("feasible").asBoolean());
        assertEquals("MaxBrokers", root.path("binding").asText());
        assertTrue(root.path("brokersNeeded").asLong() > 2);
    }

    @Test
    void tableNamesThePlanAndItsAlternatives() {
        CliRun run = CliRun.of("plan", "-f", EXAMPLE.toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("PLAN") && run.out().contains("ALTERNATIVES"), run.out());
        assertTrue(run.out().contains("WAIT 99.99%"), run.out());
    }

    /**
     * A profile with a latency floor, a Poisson-arrivals factor and a registration time: every layout reports its
     * end-to-end quantile as the floor plus its waiting time and its recovery time as its subscriptions times the
     * registration time, and the plan keeps both within their bounds.
     */
    @Test
    void endToEndLatencyAndRecoveryTimeComeFromTheProfileAndAreBounded() throws IOException {
        String[] args = {"plan", "-f", "src/test/resources/plans/recovery-bound.yaml"};
        JsonNode root = new ObjectMapper().readTree(CliRun.of(concat(args, "-o", "json")).out());
        JsonNode plan = root.path("plan");
        assertTrue(plan.path("feasible").asBoolean(), plan.toString());
        assertTrue(plan.path("recovery").path("seconds").asDouble() <= 2, plan.toString());
        assertTrue(plan.path("endToEnd").path("quantile").asDouble() <= 3e-3, plan.toString());
        assertTrue(java.util.List.of("RecoveryTime", "EndToEndLatency").contains(root.path("binding").asText()));
        for (JsonNode layout : iterable(root)) {
            JsonNode e2e = layout.path("endToEnd");
            assertEquals(1.2e-3, e2e.path("latencyFloor").asDouble());
            if (layout.path("waitingTime").has("quantile")) {
                assertEquals(1.2e-3 + layout.path("waitingTime").path("quantile").asDouble(),
                        e2e.path("quantile").asDouble(), 1e-15);
            }
            JsonNode recovery = layout.path("recovery");
            assertEquals(layout.path("subscribersPerBroker").asLong(), recovery.path("subscriptions").asLong());
            assertEquals(2e-3 * recovery.path("subscriptions").asLong(), recovery.path("seconds").asDouble(), 1e-12);
        }
        JsonNode psr = java.util.stream.StreamSupport.stream(root.path("alternatives").spliterator(), false)
                .filter(a -> a.path("topology").asText().equals("PSR")).findFirst().orElseThrow();
        assertTrue(psr.path("reason").asText().contains("re-registering 4000 subscriptions"), psr.toString());
        String table = CliRun.of(args).out();
        assertTrue(table.contains("END-TO-END 99%") && table.contains("RECOVERY"), table);
        assertTrue(table.contains("end-to-end <= 3.00 ms, recovery <= 2.00 s"), table);
    }

    @Test
    void aProfileWithoutARegistrationTimeGivesNoRecoverySecondsAndSaysSo() throws IOException {
        JsonNode root = new ObjectMapper().readTree(CliRun.of("plan", "-f", EXAMPLE.toString(), "-o", "json").out());
        assertTrue(root.path("plan").path("recovery").has("subscriptions"));
        assertFalse(root.path("plan").path("recovery").has("seconds"));
        assertTrue(root.path("notes").toString().contains("re-registration time is not charged"), root.toString());
    }

    @Test
    void aProfileFromAFileIsUsed() throws IOException {
        Path profile = Path.of("../examples/profile.yaml");
        CliRun run = CliRun.of("plan", "-f", write(VALID).toString(), "-f", profile.toString(), "--profile",
                "artemis-example", "-o", "yaml");
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("name: artemis-example"), run.out());
    }

    /** Each class of bad input: exit code 2 and a line naming the field and what is allowed. */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "missing field            | 'subscribers: 400'                | ''                                 | spec.workload.subscribers: required",
        "negative rate            | 'messageRatePerPublisher: 20'     | 'messageRatePerPublisher: -5'      | spec.workload.messageRatePerPublisher: must be greater than 0",
        "utilization above 1      | '  workload:'                     | '  objectives: {maxUtilization: 1.2}\n  workload:' | spec.objectives.maxUtilization: must be less than 1",
        "utilization zero         | '  workload:'                     | '  objectives: {maxUtilization: 0}\n  workload:'   | spec.objectives.maxUtilization: must be greater than 0",
        "unknown profile          | '{mean: 4}'                       | '{mean: 4}\n  profileRef: {name: no-such-broker}' | spec.profileRef.name: no BrokerProfile named 'no-such-broker'",
        "unknown field            | 'publishers: 100'                 | 'publisher: 100'                   | spec.workload.publisher: unknown field",
        "not a number             | 'publishers: 100'                 | 'publishers: many'                 | spec.workload.publishers: 'many' is not a whole number",
        "a list for a number      | 'publishers: 100'                 | 'publishers: [1, 2]'               | spec.workload.publishers: a list is not a whole number",
        "beyond a whole number    | 'filtersPerSubscriber: 2'         | 'filtersPerSubscriber: 1e40'       | spec.workload.filtersPerSubscriber: '1.0E40' is not a whole number in -2147483648..2147483647",
        "more than 2^53 clients   | 'subscribers: 400'                | 'subscribers: 9223372036854775807' | spec.workload: subscribers: at most 9007199254740992 (2^53)",
        "infinite offered load    | 'messageRatePerPublisher: 20'     | 'messageRatePerPublisher: 1e307'   | spec.workload: messageRatePerPublisher: publishers x messageRatePerPublisher must be a finite number",
        "a second topology        | 'apiVersion: brokerwise.io/v1alpha1\nkind: PubSubTopology' | 'apiVersion: brokerwise.io/v1alpha1\nkind: PubSubTopology\nmetadata: {name: other}\n---\napiVersion: brokerwise.io/v1alpha1\nkind: PubSubTopology' | kind: expected exactly one PubSubTopology",
        "bad enum                 | 'replicationGrade: {mean: 4}'     | 'replicationGrade: {mean: 4, distribution: Poisson}' | 'Poisson' is not one of Deterministic, ScaledBernoulli, Binomial",
        "mean above m x filters   | 'replicationGrade: {mean: 4}'     | 'replicationGrade: {mean: 900}'    | spec.workload: replicationGrade.mean: at most subscribers x filtersPerSubscriber = 800",
        "groups in Auto mode      | '  workload:'                     | '  topology: {mode: Auto, publisherGroups: 2}\n  workload:' | spec.topology: mode Auto takes no group counts",
        "Grid without groups      | '  workload:'                     | '  topology: {mode: Grid}\n  workload:' | spec.topology: mode Grid needs publisherGroups and subscriberGroups",
        "bad duration             | '  workload:'                     | '  objectives: {waitingTime: {max: 5 minutes}}\n  workload:' | spec.objectives.waitingTime.max: '5 minutes' does not match",
        "bad recovery duration    | '  workload:'                     | '  objectives: {recoveryTime: 2 minutes}\n  workload:' | spec.objectives.recoveryTime: '2 minutes' does not match",
        "zero recovery time       | '  workload:'                     | '  objectives: {recoveryTime: 0s}\n  workload:' | spec.objectives: max recovery time must be positive",
        "zero end-to-end bound    | '  workload:'                     | '  objectives: {endToEndLatency: 0ms}\n  workload:' | spec.objectives: max end-to-end latency must be positive",
        "wrong apiVersion         | 'brokerwise.io/v1alpha1'          | 'brokerwise.io/v2'                 | apiVersion: PubSubTopology needs 'brokerwise.io/v1alpha1'",
        "not YAML                 | 'namespace: default}'             | 'namespace: default'               | not valid YAML",
        "no metadata              | 'metadata: {name: minimal, namespace: default}' | 'metadata: null'     | metadata.name: required",
        "no name                  | '{name: minimal, namespace: default}' | '{namespace: default}'         | metadata.name: required",
    })
    void badInputExitsWith2AndNamesTheField(String what, String from, String to, String message) throws IOException {
        Path file = write(VALID.replace(from, to.replace("\\n", "\n")));
        CliRun run = CliRun.of("plan", "-f", file.toString());
        assertEquals(2, run.exitCode(), what + ": " + run.err() + run.out());
        assertTrue(run.err().contains(message), what + ": " + run.err());
        assertTrue(run.err().lines().allMatch(l -> l.startsWith("error: ")), "no stack trace: " + run.err());
    }

    @Test
    void missingFileIsBadInput() {
        CliRun run = CliRun.of("plan", "-f", "no/such/file.yaml");
        assertEquals(2, run.exitCode());
        assertTrue(run.err().contains("no such file"), run.err());
    }

    @Test
    void everyCommandHasHelpWithAnExample() {
        for (String command : new String[] {"plan", "fit", "sweep", "profiles"}) {
            CliRun run = CliRun.of(command, "--help");
            assertEquals(0, run.exitCode());
            assertTrue(run.out().contains("Example"), command + " --help has no example: " + run.out());
        }
    }

    private Path write(String yaml) throws IOException {
        Path file = Files.createTempFile(dir, "topology", ".yaml");
        Files.writeString(file, yaml);
        return file;
    }

    private static String[] concat(String[] a, String... b) {
        return java.util.stream.Stream.concat(java.util.Arrays.stream(a), java.util.Arrays.stream(b))
                .toArray(String[]::new);
    }

    private static Iterable<JsonNode> iterable(JsonNode root) {
        java.util.List<JsonNode> all = new java.util.ArrayList<>();
        all.add(root.path("plan"));
        root.path("alternatives").forEach(all::add);
        return all;
    }

    private static String read(String path) {
        try {
            return java.nio.file.Files.readString(java.nio.file.Path.of(path));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
