package io.brokerwise.benchmarks.command;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * The baseline on a real broker with Artemis's real {@code artemis perf client} (artemis-cli resolved from
 * Maven Central as the brokerwise-bench script does): both tools measure the same broker, and the command
 * reports both. Asserts that each measured something and what it reports, never how fast.
 */
@Timeout(420)
class BaselineCommandTest {

    @TempDir
    Path dir;

    @Test
    void artemisPerfAndTheLoadGeneratorMeasureTheSameBroker() throws Exception {
        Path out = dir.resolve("baseline.json");
        int exit = new CommandLine(new BaselineCommand()).execute("--artemis-classpath", artemisCliClassPath(),
                "--broker-cores", "0.5", "--broker-heap", "256m", "--publishers", "1", "--warmup", "2",
                "--measure", "5", "--work-dir", dir.toString(), "--out", out.toString());
        assertEquals(0, exit);
        JsonNode result = new ObjectMapper().readTree(out.toFile());
        assertEquals(2, result.get("artemisPerf").size());
        for (JsonNode perf : result.get("artemisPerf")) {
            assertTrue(perf.get("publishedPerSecond").asDouble() > 0, "artemis perf sent: " + perf);
            assertTrue(perf.get("deliveredPerSecond").asDouble() > 0, "artemis perf received: " + perf);
        }
        JsonNode ours = result.get("loadGenerator");
        assertTrue(ours.get("sentTotal").asLong() > 0);
        assertEquals(ours.get("sentTotal").asLong(), ours.get("deliveredTotal").asLong(), "one subscriber, no selector");
        assertTrue(result.get("ratioToBestArtemisPerf").asDouble() > 0);
    }

    /** What the brokerwise-bench script does before `baseline`: artemis-cli's class path from its own pom. */
    private Path classPathFile() {
        return repoRoot().resolve("benchmarks/artemis-perf/target/classpath");
    }

    private String artemisCliClassPath() throws Exception {
        Process mvn = new ProcessBuilder(repoRoot().resolve("mvnw").toString(), "-q", "-B", "-f",
                "benchmarks/artemis-perf/pom.xml", "dependency:build-classpath", "-Dmdep.outputFile=target/classpath")
                .directory(repoRoot().toFile()).inheritIO().start();
        assertTrue(mvn.waitFor(5, TimeUnit.MINUTES), "resolving artemis-cli took over 5 minutes");
        assertEquals(0, mvn.exitValue(), "resolving artemis-cli failed");
        return Files.readString(classPathFile()).trim();
    }

    private static Path repoRoot() {
        return Path.of("").toAbsolutePath().getParent();
    }
}
