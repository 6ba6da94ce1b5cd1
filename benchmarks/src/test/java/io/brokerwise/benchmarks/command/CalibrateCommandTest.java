package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import java.io.PrintWriter;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A tiny size series with complex filters (2 x 2 points, each with filters of 1 and 3 components at two message
 * sizes, one warm broker) goes all the way to a BrokerProfile the planner can read, with every point's counts
 * matching the broker's, its size and filter length recorded, and the model the points chose with every
 * candidate's held-out error. The figures of so short a run mean nothing and are not asserted (nor, therefore,
 * which model wins); --keep-invalid lets points a loaded test machine flags into the fit.
 */
@Timeout(300)
class CalibrateCommandTest {

    @TempDir
    Path dir;

    @Test
    void seriesEndsInAProfileManifestWithItsRawPoints() throws Exception {
        int exit = new CommandLine(new CalibrateCommand()).execute("--name", "test-artemis", "--out-dir",
                dir.toString(), "--work-dir", dir.resolve("work").toString(), "--broker-cores", "0.5", "--broker-heap",
                "256m", "--publishers", "1", "--r", "1,2", "--m-add", "1,2", "--components", "1,3", "--filter-shape", "and", "--message-bytes", "100,4096",
                "--first-warmup", "1s", "--warmup", "300ms", "--measure", "1s", "--cooldown", "200ms", "--holdout-every",
                "0", "--keep-invalid");
        assertEquals(0, exit);

        JsonNode raw = new ObjectMapper().readTree(dir.resolve("test-artemis.points.json").toFile());
        assertEquals(16, raw.get("points").size());
        assertTrue(raw.get("command").asText().contains("--components 1,3 --filter-shape and --model Auto "
                + "--message-bytes 100,4096"), raw.get("command").asText());
        for (int i = 0; i < 16; i++) {
            JsonNode p = raw.get("points").get(i);
            assertTrue(p.get("result").get("countsMatchBrokers").asBoolean(), p.toString());
            assertEquals(i % 2 == 0 ? 100 : 4096, p.get("messageBytes").asInt(), "sizes innermost");
            assertEquals(i / 2 % 2 == 0 ? 1 : 3, p.get("components").asInt(), "lengths inside m_add");
            assertEquals(p.get("components").asInt() == 1 ? "simple" : "and",
                    p.get("result").get("spec").get("filterShape").asText());
            assertEquals(p.get("messageBytes").asInt(), p.get("result").get("spec").get("messageBytes").asInt());
            assertEquals(p.get("result").get("publishedPerSecond").asDouble() * p.get("messageBytes").asInt(),
                    p.get("result").get("publishedBytesPerSecond").asDouble(), 1e-6);
        }

        String yaml = Files.readString(dir.resolve("test-artemis.yaml"));
        BrokerProfile profile = new ManifestReader().add(new StringReader(yaml), "test-artemis.yaml").one(BrokerProfile.class);
        assertEquals("test-artemis", profile.getMetadata().getName());
        assertEquals(16, profile.getStatus().fit.points);
        var selection = profile.getStatus().modelSelection;
        assertEquals(List.of(BrokerProfileSpec.Model.Linear, BrokerProfileSpec.Model.FilterLength),
                selection.candidates.stream().map(c -> c.model).toList());
        assertTrue(selection.notFitted.get(0).startsWith("SublinearDispatch"), "two r cannot show a falling copy cost");
        assertEquals(selection.chosen, profile.getSpec().model);
        assertNotNull(ProfileResolver.fromResource(profile), "the planner accepts the fitted profile");
        assertEquals("test-artemis.points.json", profile.getMetadata().getAnnotations().get("brokerwise.io/raw-points"));
    }

    /**
     * A persistent series with durable subscriptions: the broker has a journal, and the profile says how it was
     * fitted. Its topics series spreads the load over 2 topics at both r, with a durable subscription on each topic.
     */
    @Test
    void aJournaledSeriesSaysSoInItsProfile() throws Exception {
        int exit = new CommandLine(new CalibrateCommand()).execute("--name", "journaled", "--out-dir",
                dir.toString(), "--work-dir", dir.resolve("work").toString(), "--broker-cores", "0.5", "--broker-heap",
                "256m", "--publishers", "1", "--delivery-mode", "Persistent", "--durable-subscriptions", "--r", "1,2",
                "--m-add", "1,2", "--model", "Linear", "--first-warmup", "1s", "--warmup", "300ms", "--measure", "1s",
                "--cooldown", "200ms", "--holdout-every", "0", "--topics", "2", "--keep-invalid");
        assertEquals(0, exit);
        JsonNode raw = new ObjectMapper().readTree(dir.resolve("journaled.points.json").toFile());
        assertTrue(raw.get("command").asText().contains("--delivery-mode Persistent --durable-subscriptions"),
                raw.get("command").asText());
        assertTrue(raw.get("command").asText().contains("--topics 2"), raw.get("command").asText());
        assertEquals(List.of(1, 1, 1, 1, 2, 2), raw.get("points").findValues("topics").stream().map(JsonNode::asInt)
                .toList(), "the topics series after the grid");
        for (JsonNode p : raw.get("points")) {
            assertTrue(p.get("result").get("countsMatchBrokers").asBoolean(), p.toString());
            assertTrue(p.get("result").get("spec").get("durableSubscriptions").asBoolean(), p.toString());
        }
        assertTrue(Files.isDirectory(dir.resolve("work/b0/data/journal/messages")), "the broker wrote a journal");
        BrokerProfile profile = new ManifestReader().add(new StringReader(Files.readString(dir.resolve("journaled.yaml"))),
                "journaled.yaml").one(BrokerProfile.class);
        assertEquals("true", profile.getMetadata().getAnnotations().get("brokerwise.io/durable-subscriptions"));
        assertEquals("Persistent", profile.getMetadata().getAnnotations().get("brokerwise.io/delivery-mode"));
    }

    @Test
    void anUnknownModelIsRefusedBeforeAnyPointIsMeasured() {
        StringWriter err = new StringWriter();
        CommandLine cli = BrokerwiseBench.commandLine();
        cli.setErr(new PrintWriter(err));
        assertEquals(BrokerwiseBench.BAD_INPUT, cli.execute("calibrate", "--name", "x", "--out-dir", dir.toString(),
                "--model", "Quadratic"));
        assertTrue(err.toString().contains("unknown service-time model 'Quadratic'") && err.toString().contains(
                "or Auto"), err.toString());
        assertFalse(Files.exists(dir.resolve("x.points.json")), "nothing measured");
    }
}
