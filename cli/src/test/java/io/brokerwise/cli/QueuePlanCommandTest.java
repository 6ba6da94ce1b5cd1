package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ProfileParameters;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code brokerwise plan} on a topology with queues: a section per queue after the topic's plan, and bad queues. */
class QueuePlanCommandTest {

    static final Path EXAMPLE = Path.of("../examples/queue-topology.yaml");
    static final String ORDERS = "{name: orders, producers: 10, messageRatePerProducer: 100, consumers: 20}";

    @TempDir
    Path dir;

    /**
     * orders: 40 producers x 1,000 msgs/s at E[B] = t_rcv + t_tx of the default profile, no selectors, under the cap
     * 0.8: k = ceil(40,000 E[B] / 0.8), 20 producers and 40 consumers a replica. invoices: the persistent variant.
     */
    @Test
    void eachQueueIsPlannedWithItsProfileInTheSpecsOrder() throws IOException {
        CliRun run = CliRun.of("plan", "-f", EXAMPLE.toString(), "-o", "json");
        assertEquals(0, run.exitCode(), run.err());
        JsonNode queues = new ObjectMapper().readTree(run.out()).path("queues");
        assertEquals(3, queues.size());
        JsonNode orders = queues.get(0);
        assertEquals("orders", orders.path("name").asText());
        assertEquals("artemis-2.56-halfcore-nonpersistent", orders.path("profile").asText());
        ProfileParameters p = BuiltInProfiles.find(orders.path("profile").asText(), null).orElseThrow().parameters();
        double eb = p.receiveSeconds() + p.dispatchSeconds();
        int k = (int) Math.ceil(40_000 * eb / 0.8);
        assertTrue(orders.path("feasible").asBoolean(), orders.toString());
        assertEquals(k, orders.path("replicas").asInt());
        JsonNode replica = orders.path("replica");
        assertEquals(40 / k, replica.path("producers").asLong());
        assertEquals(80 / k, replica.path("consumers").asLong());
        assertEquals(40_000.0 / k, replica.path("arrivalRate").asDouble());
        assertEquals(Math.round(1 / eb), replica.path("capacity").asLong());
        assertEquals(Math.round(40_000 * eb / k * 1000) / 1000.0, replica.path("utilization").asDouble());
        assertEquals(0.99, replica.path("waitingTime").path("level").asDouble());
        assertEquals(48_000, orders.path("consumerRate").asDouble());

        JsonNode invoices = queues.get(1);
        assertEquals("artemis-2.56-halfcore-persistent", invoices.path("profile").asText());
        assertFalse(invoices.has("consumerRate"), "consumers as fast as they can have no rate: " + invoices);
        assertTrue(invoices.path("notes").toString().contains("upper bound"), invoices.toString());

        JsonNode audit = queues.get(2);
        assertFalse(audit.path("feasible").asBoolean());
        assertEquals(0, audit.path("replicas").asInt());
        assertFalse(audit.has("replica"));
        assertTrue(audit.path("reason").asText().startsWith("no consumers"), audit.toString());
    }

    @Test
    void theTableHasASectionPerQueueAfterTheTopicsPlan() {
        CliRun run = CliRun.of("plan", "-f", EXAMPLE.toString());
        assertEquals(0, run.exitCode(), run.err());
        String out = run.out();
        int topic = out.indexOf("PLAN\n");
        int orders = out.indexOf("QUEUE orders: ");
        int invoices = out.indexOf("QUEUE invoices: 1 replica (one replica meets the objectives)");
        int audit = out.indexOf("QUEUE audit: nothing deployed (no consumers:");
        assertTrue(topic >= 0 && topic < orders && orders < invoices && invoices < audit, out);
        assertTrue(out.contains("40 producers x 1,000 msgs/s = 40,000 msgs/s; 80 consumers x 600 msgs/s = 48,000 "
                + "msgs/s; no selectors; 1024 B messages"), out);
        assertTrue(out.contains("REPLICAS  PRODUCERS/REPLICA  CONSUMERS/REPLICA  ARRIVAL/S  CAPACITY/S  UTIL"), out);
        // the topic's notes already say the size is not charged by the default profile: a queue does not repeat it
        assertEquals(2, out.split("message size \\(1024 B\\) is not charged", -1).length - 1, out);
    }

    /** Too few brokers: the queue's section says how many replicas it needs and shows the busiest of those allowed. */
    @Test
    void tooFewBrokersForAQueueSayHowManyReplicasItNeeds() throws IOException {
        JsonNode orders = new ObjectMapper().readTree(CliRun.of("plan", "-f", EXAMPLE.toString(), "--max-brokers",
                "1", "-o", "json").out()).path("queues").get(0);
        assertFalse(orders.path("feasible").asBoolean());
        assertTrue(orders.path("reason").asText().matches("needs \\d+ replicas, at most 1 available"), orders.toString());
        assertEquals(1, orders.path("replica").path("replicas").asInt());
        assertFalse(orders.path("replica").path("waitingTime").has("mean"), "overloaded: " + orders);
    }

    @Test
    void consumersSlowerThanTheProducersArePlannedAsNothingDeployedWithWhatToChange() throws IOException {
        CliRun run = CliRun.of("plan", "-f", withQueues("[{name: slow, producers: 10, messageRatePerProducer: 100, "
                + "consumers: 20, messageRatePerConsumer: 40}]").toString());
        assertEquals(0, run.exitCode(), run.err());
        assertTrue(run.out().contains("QUEUE slow: nothing deployed (consumers take 800 msgs/s in all, producers send "
                + "1,000 msgs/s: add consumers or make them faster)"), run.out());
    }

    /** Without queues the report has no queues field: the golden plans of every other manifest are as they were. */
    @Test
    void aTopologyWithoutQueuesReportsNone() throws IOException {
        JsonNode root = new ObjectMapper().readTree(CliRun.of("plan", "-f", "../examples/minimal-topology.yaml", "-o",
                "json").out());
        assertFalse(root.has("queues"), root.toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "consumer rate zero | [{name: a, producers: 1, messageRatePerProducer: 1, consumers: 1, messageRatePerConsumer: 0}] | spec.queues[0].messageRatePerConsumer: must be greater than 0, got 0",
        "not a DNS label    | [" + ORDERS + ", {name: Audit_1, producers: 1, messageRatePerProducer: 1, consumers: 0}] | spec.queues[1].name: 'Audit_1' does not match",
        "no producers       | [{name: a, messageRatePerProducer: 1, consumers: 1}] | spec.queues[0].producers: required",
        "the topic's name   | [{name: minimal, producers: 1, messageRatePerProducer: 1, consumers: 1}] | spec.queues[0].name: 'minimal' is the topic's name (metadata.name)",
        "a name twice       | [" + ORDERS + ", " + ORDERS + "] | spec.queues[1].name: 'orders' is also spec.queues[0].name",
        "a list item empty  | [~] | spec.queues[0]: an empty item",
        "not a list         | {name: a} | spec.queues: a mapping is not a list",
        "a load beyond      | [{name: a, producers: 9007199254740992, messageRatePerProducer: 1e300, consumers: 1}] | spec.queues[0]: messageRatePerProducer: producers x messageRatePerProducer must be a finite number",
    })
    void aBadQueueExitsWith2AndNamesTheField(String what, String queues, String message) throws IOException {
        CliRun run = CliRun.of("plan", "-f", withQueues(queues).toString());
        assertEquals(2, run.exitCode(), what + ": " + run.err() + run.out());
        assertTrue(run.err().contains("error: " + message), what + ": " + run.err());
        assertTrue(run.err().lines().allMatch(l -> l.startsWith("error: ")), "no stack trace: " + run.err());
    }

    /** A topic stays required, in spec.workload or spec.topics: queues come beside topics, not instead of them. */
    @Test
    void queuesWithoutAWorkloadAreRefused() throws IOException {
        String yaml = PlanCommandTest.VALID.substring(0, PlanCommandTest.VALID.indexOf("  workload:"))
                + "  queues: [" + ORDERS + "]\n";
        Path file = Files.writeString(dir.resolve("queues-only.yaml"), yaml);
        CliRun run = CliRun.of("plan", "-f", file.toString());
        assertEquals(2, run.exitCode(), run.out());
        assertTrue(run.err().contains("error: spec: give spec.workload (one topic, named as the topology) or "
                + "spec.topics"), run.err());
    }

    private Path withQueues(String queues) throws IOException {
        return Files.writeString(Files.createTempFile(dir, "topology", ".yaml"),
                PlanCommandTest.VALID.replace("  workload:", "  queues: " + queues + "\n  workload:"));
    }
}
