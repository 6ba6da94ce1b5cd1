package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * registration on a real broker: the subscriptions are timed idle, the capacity is measured saturated with them
 * among its filters, and they are timed again under Poisson load at a fraction of it. How long they take on a
 * shared machine is not asserted.
 */
@Timeout(240)
class RegistrationCommandTest {

    @TempDir
    Path dir;

    @Test
    void subscriptionsAreTimedIdleAndUnderALoadMeasuredWithThemInPlace() throws Exception {
        Path out = dir.resolve("registration.json");
        int exit = new CommandLine(new RegistrationCommand()).execute("--subscriptions", "20", "--load", "0.5",
                "--m-add", "3", "--broker-cores", "0.5", "--broker-heap", "256m", "--publishers", "1",
                "--warmup", "1s", "--measure", "8s", "--work-dir", dir.resolve("w").toString(), "--out", out.toString());
        assertEquals(0, exit);
        JsonNode times = new ObjectMapper().readTree(out.toFile());
        assertEquals(20, times.get("warmUp").get("subscriptions").asInt(), "a fresh broker is warmed first, untimed");
        assertEquals(20, times.get("idle").get(0).get("subscriptions").asInt());
        assertEquals(0, times.get("notUnderLoad").size(), times.toString());
        assertEquals(20, times.get("loaded").get(0).get("subscriptions").asInt());
        assertTrue(times.get("idleSecondsEach").asDouble() > 0);
        assertTrue(times.get("loadedSecondsEach").asDouble() > 0);
        JsonNode capacity = times.get("saturated").get(0);
        assertEquals(3 + 20, capacity.get("spec").get("mAdd").asInt(), "the capacity is measured with the 20 in place");
        assertTrue(capacity.get("countsMatchBrokers").asBoolean(), capacity.toString());
        JsonNode poisson = times.get("loads").get(0);
        assertEquals("rate", poisson.get("spec").get("mode").asText());
        assertEquals(3, poisson.get("spec").get("mAdd").asInt(), "the 20 join during the Poisson load");
        double target = 0.5 * capacity.get("receivedPerSecond").asDouble();
        assertEquals(target, poisson.get("spec").get("ratePerPublisher").asDouble(), 1e-6 * target);
    }
}
