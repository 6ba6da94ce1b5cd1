package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code brokerwise plan -o json} on every manifest a user or the verification runs plan with, compared
 * byte for byte with the JSON checked in under {@code src/test/resources/golden/}: a change to the model
 * that is meant to leave plans alone must leave them alone. Each manifest is planned as declared and on
 * two brokers, where the infeasible paths (closest layout, binding constraint) run. When a plan is meant
 * to change, run with {@code -Dgolden.update=true} and commit the diff with the reason.
 */
class GoldenPlansTest {

    static final Path GOLDEN = Path.of("src/test/resources/golden");
    /** Golden folder and the manifests it covers: the examples, the verification workloads, and infeasible cases. */
    static final Map<String, Path> SOURCES = Map.of(
            "examples", Path.of("../examples"),
            "verification", Path.of("../benchmarks/verification"),
            "cases", Path.of("src/test/resources/plans"));
    static final Path PROFILES = Path.of("../profiles");

    record Case(Path golden, List<String> args) {
        @Override
        public String toString() {
            return GOLDEN.relativize(golden).toString();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void planIsTheGoldenOne(Case c) throws IOException {
        CliRun run = CliRun.of(c.args().toArray(String[]::new));
        assertEquals(0, run.exitCode(), run.err());
        if (Boolean.getBoolean("golden.update")) {
            Files.createDirectories(c.golden().getParent());
            Files.writeString(c.golden(), run.out());
        }
        assertTrue(Files.exists(c.golden()), c.golden() + " is missing: run with -Dgolden.update=true");
        assertEquals(Files.readString(c.golden()), run.out(), c + " changed");
    }

    /** A golden file whose manifest is gone would pass silently forever. */
    @Test
    void everyGoldenFileHasAManifest() throws IOException {
        List<Path> expected = cases().map(Case::golden).sorted().toList();
        try (Stream<Path> files = Files.walk(GOLDEN)) {
            assertEquals(expected, files.filter(p -> p.toString().endsWith(".json")).sorted().toList());
        }
    }

    static Stream<Case> cases() throws IOException {
        List<String> profiles = new ArrayList<>();
        for (Path p : yaml(PROFILES)) {
            profiles.addAll(List.of("-f", p.toString()));
        }
        List<Case> out = new ArrayList<>();
        for (var source : SOURCES.entrySet()) {
            for (Path manifest : yaml(source.getValue())) {
                if (!Files.readString(manifest).contains("kind: PubSubTopology")) {
                    continue;
                }
                String name = manifest.getFileName().toString().replaceAll("\\.yaml$", "");
                List<String> args = new ArrayList<>(List.of("plan", "-o", "json", "-f", manifest.toString()));
                args.addAll(profiles);
                Path folder = GOLDEN.resolve(source.getKey());
                out.add(new Case(folder.resolve(name + ".json"), args));
                List<String> twoBrokers = new ArrayList<>(args);
                twoBrokers.addAll(List.of("--max-brokers", "2"));
                out.add(new Case(folder.resolve(name + ".max-brokers-2.json"), twoBrokers));
            }
        }
        return out.stream();
    }

    private static List<Path> yaml(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
