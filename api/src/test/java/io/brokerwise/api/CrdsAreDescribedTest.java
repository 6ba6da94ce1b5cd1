package io.brokerwise.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What {@code kubectl explain} shows: every property of every CRD in crds/, under spec and status, has a
 * description, and a property the schema gives a default names that default in it (explain shows the
 * description, not the default). Fails naming each property path that breaks either. Reads whatever CRDs
 * crds/ holds.
 */
class CrdsAreDescribedTest {

    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    @Test
    void everyPropertyOfEveryCrdHasADescription() throws IOException {
        List<Path> crds = crds();
        assertFalse(crds.isEmpty(), "no CRD in " + CrdsAreCurrentTest.CHECKED_IN);
        List<String> problems = new ArrayList<>();
        int properties = 0;
        for (Path crd : crds) {
            JsonNode root = YAML.readTree(crd.toFile());
            String kind = root.path("spec").path("names").path("kind").asText();
            for (JsonNode version : root.path("spec").path("versions")) {
                JsonNode schema = version.path("schema").path("openAPIV3Schema").path("properties");
                for (String top : List.of("spec", "status")) {
                    if (schema.has(top)) {
                        properties += walk(kind + " " + version.path("name").asText() + ": ." + top, schema.get(top),
                                problems);
                    }
                }
            }
        }
        assertTrue(properties > 0, "no property found under spec or status in " + crds);
        assertEquals(List.of(), problems, problems.size() + " of " + properties + " properties are not described "
                + "(add @JsonPropertyDescription with unit and default, then regenerate crds/)");
    }

    @Test
    void aMissingDescriptionOrDefaultIsNamedByItsPath() throws IOException {
        JsonNode schema = YAML.readTree("""
                description: the spec
                properties:
                  placement:
                    description: where
                    properties:
                      tolerations:
                        type: array
                        items:
                          properties:
                            key: {type: string}
                            value: {type: string, description: a value}
                  replicas: {type: integer, default: 3, description: Brokers. Default 3.}
                  approval: {type: string, default: Automatic, description: Whether a plan waits.}
                """);
        List<String> problems = new ArrayList<>();
        assertEquals(7, walk("T v1: .spec", schema, problems));
        assertEquals(List.of("T v1: .spec.placement.tolerations: no description",
                "T v1: .spec.placement.tolerations[].key: no description",
                "T v1: .spec.approval: its description does not name its default Automatic"), problems);
    }

    /** Counts the properties at and under {@code node} and adds what is missing from each one's description. */
    static int walk(String path, JsonNode node, List<String> problems) {
        String description = node.path("description").asText();
        JsonNode defaultValue = node.path("default");
        if (description.isBlank()) {
            problems.add(path + ": no description");
        } else if (defaultValue.isValueNode()
                && !description.toLowerCase(Locale.ROOT).contains(defaultValue.asText().toLowerCase(Locale.ROOT))) {
            problems.add(path + ": its description does not name its default " + defaultValue.asText());
        }
        int count = 1;
        JsonNode items = node.path("items");
        JsonNode properties = items.isObject() ? items.path("properties") : node.path("properties");
        String prefix = items.isObject() ? path + "[]" : path;
        var names = properties.fieldNames();
        while (names.hasNext()) {
            String name = names.next();
            count += walk(prefix + "." + name, properties.get(name), problems);
        }
        return count;
    }

    static List<Path> crds() throws IOException {
        try (Stream<Path> files = Files.list(CrdsAreCurrentTest.CHECKED_IN)) {
            return files.filter(p -> p.toString().endsWith(".yml") || p.toString().endsWith(".yaml")).sorted().toList();
        }
    }
}
