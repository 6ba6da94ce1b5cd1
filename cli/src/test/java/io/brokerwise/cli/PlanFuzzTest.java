package io.brokerwise.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.brokerwise.api.planning.FuzzedManifests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.EdgeCasesMode;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.statistics.Statistics;

/**
 * Malformed and edge-case manifests ({@link FuzzedManifests}) through the real {@code brokerwise plan}: each is
 * planned (exit 0) or rejected (exit 2) with {@code error:} lines that each name a field; never exit 1, never a
 * stack trace. jqwik prints the number of cases tried, and the statistics below every class of rejection seen,
 * by field path (list indexes dropped).
 */
class PlanFuzzTest {

    /** Where a rejection names no field, the file and the YAML parser's line and column do. */
    static final String YAML_SYNTAX = "YAML syntax";

    private static final Pattern FIELD = Pattern.compile(
            "(BrokerProfile )?(apiVersion|kind|metadata|spec|--max-brokers)([.\\[].*)?");

    // edge cases off: they would pick the first of every list (apiVersion first) for most tries
    @Property(tries = 1000, edgeCases = EdgeCasesMode.NONE)
    void everyManifestIsPlannedOrRejectedNamingAField(@ForAll("manifests") FuzzedManifests.Case manifest)
            throws IOException {
        Path file = Files.createTempFile("fuzz", ".yaml");
        try {
            Files.writeString(file, manifest.yaml());
            List<String> args = new ArrayList<>(List.of("plan", "-f", file.toString()));
            args.addAll(manifest.options());
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertFalse(run.err().contains("\tat ") || run.out().contains("\tat "), "a stack trace: " + run.err());
            if (run.exitCode() == 0) {
                Statistics.label("outcome").collect("planned");
                assertTrue(run.err().isEmpty(), run.err());
                if (manifest.options().contains("json")) {
                    // strict JSON: a NaN or Infinity from the model would not parse
                    assertTrue(new ObjectMapper().readTree(run.out()).has("plan"), run.out());
                }
                return;
            }
            assertEquals(2, run.exitCode(), run.err());
            Statistics.label("outcome").collect("rejected");
            assertFalse(run.err().isBlank(), "rejected without a word");
            for (String line : run.err().lines().toList()) {
                assertTrue(line.startsWith("error: "), "not an error line: " + line);
                String field = rejectionClass(line.substring("error: ".length()), file.toString());
                boolean named = field.equals(YAML_SYNTAX) ? line.contains("line ")
                        : FIELD.matcher(field).matches() || line.contains(": unknown field");
                assertTrue(named, "names no field: " + line);
                Statistics.label("rejections by field").collect(field);
            }
        } finally {
            Files.delete(file);
        }
    }

    @Provide
    Arbitrary<FuzzedManifests.Case> manifests() {
        return FuzzedManifests.cases();
    }

    /**
     * What a problem line is about: the field path before its first ": " (after the file's name and a
     * BrokerProfile's name), list indexes and unknown fields' names dropped; or {@link #YAML_SYNTAX}.
     */
    static String rejectionClass(String problem, String file) {
        String rest = problem.startsWith(file + ": ") ? problem.substring(file.length() + 2) : problem;
        if (rest.startsWith("not valid YAML")) {
            return YAML_SYNTAX;
        }
        String owner = "";
        if (rest.startsWith("BrokerProfile ")) {
            owner = "BrokerProfile ";
            rest = rest.substring(rest.indexOf(": ") + 2);
        }
        int colon = rest.indexOf(": ");
        String field = (colon < 0 ? rest : rest.substring(0, colon)).replaceAll("\\[\\d+]", "[]");
        // unknown fields have made-up names: one class per section they were added to
        return owner + (rest.contains(": unknown field") ? field.replaceFirst("[^.]+$", "<unknown>") : field);
    }
}
