package io.brokerwise.operator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chart's alert rules (charts/brokerwise/rules) pass Prometheus's own checks: {@code promtool check rules}, and
 * {@code promtool test rules} on synthetic series where every alert is seen both firing and not firing. promtool is
 * Debian's prometheus package, which {@code e2e/cluster build} installs.
 */
class AlertRulesTest {

    static final Path RULES = Path.of("../charts/brokerwise/rules/brokerwise.rules.yaml");
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @TempDir
    Path dir;

    @Test
    void theRulesPassPromtoolsCheckAndItsUnitTestsOfEveryAlert() throws Exception {
        Files.copy(RULES, dir.resolve("brokerwise.rules.yaml"));
        Path tests = dir.resolve("brokerwise.rules.test.yaml");
        Files.copy(Path.of("src/test/resources/rules/brokerwise.rules.test.yaml"), tests);
        assertPasses("check", "rules", "brokerwise.rules.yaml");
        assertPasses("test", "rules", "brokerwise.rules.test.yaml");
        Set<String> firing = new TreeSet<>();
        Set<String> quiet = new TreeSet<>();
        for (JsonNode test : YAML.readTree(tests.toFile()).get("tests")) {
            for (JsonNode t : test.get("alert_rule_test")) {
                (t.get("exp_alerts").isEmpty() ? quiet : firing).add(t.get("alertname").asText());
            }
        }
        Set<String> alerts = alertNames();
        assertEquals(alerts, firing, "every alert is tested firing");
        assertEquals(alerts, quiet, "every alert is tested not firing");
    }

    /** Every alert of the rules file, which its summary, description and runbook must name in operations.md. */
    static Set<String> alertNames() throws IOException {
        Set<String> names = new TreeSet<>();
        for (JsonNode group : YAML.readTree(RULES.toFile()).get("groups")) {
            for (JsonNode rule : group.get("rules")) {
                names.add(rule.get("alert").asText());
                for (String field : List.of("summary", "description", "runbook")) {
                    assertFalse(rule.path("annotations").path(field).asText().isBlank(), rule + " lacks " + field);
                }
            }
        }
        return names;
    }

    @Test
    void everyAlertHasARunbookSectionInOperationsMd() throws Exception {
        String operations = Files.readString(Path.of("../docs/operations.md"));
        for (String alert : alertNames()) {
            assertTrue(operations.contains("### " + alert + "\n"), "docs/operations.md lacks the runbook of " + alert);
        }
    }

    private void assertPasses(String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("promtool"));
        command.addAll(List.of(args));
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        } catch (IOException e) {
            throw new AssertionError("promtool is not on the PATH: install Debian's prometheus package "
                    + "(e2e/cluster build api does)", e);
        }
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "promtool " + String.join(" ", args) + " did not end");
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.exitValue(), "promtool " + String.join(" ", args) + ":\n" + output);
    }
}
