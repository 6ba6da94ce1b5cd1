package io.brokerwise.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.fabric8.kubernetes.client.utils.Serialization;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Every whole number a CRD's spec admits, the class the operator reads it into can hold: a spec at each integer
 * property's schema bound (int64's when the schema sets none, as the API server accepts) deserializes. An
 * {@code Integer} field without a {@code @Max} fails here: the API server would store 2^31 and the operator could
 * not read the resource back. Only the spec is checked; the status is written by the operator's own types.
 */
class CrdsFitTheirClassesTest {

    static final Map<String, Class<?>> CLASSES = Map.of("PubSubTopology", PubSubTopology.class, "BrokerProfile",
            BrokerProfile.class, "BenchmarkRun", BenchmarkRun.class);

    @Test
    void specsAtTheirIntegerBoundsDeserialize() throws IOException {
        List<String> problems = new ArrayList<>();
        int checked = 0;
        for (String kind : CLASSES.keySet()) {
            JsonNode spec = spec(kind);
            for (int leaf = 0; ; leaf++) {
                JsonNode atMaximum = atBound(spec, "maximum", Long.MAX_VALUE, leaf, new int[1]);
                if (atMaximum.isNull()) {
                    break;
                }
                check(kind, atMaximum, problems);
                check(kind, atBound(spec, "minimum", Long.MIN_VALUE, leaf, new int[1]), problems);
                checked++;
            }
        }
        assertTrue(checked > 20, "only " + checked + " integer properties found");
        assertEquals(List.of(), problems, "add @Max(Integer.MAX_VALUE) (or a tighter bound, and a @Min) to these "
                + "Integer fields, then regenerate crds/");
    }

    @Test
    void anIntegerFieldWithoutABoundIsCaught() {
        ObjectNode spec = JsonNodeFactory.instance.objectNode();
        spec.putObject("workload").put("messageSizeBytes", Long.MAX_VALUE);
        List<String> problems = new ArrayList<>();
        check("PubSubTopology", spec, problems);
        assertEquals(1, problems.size(), problems.toString());
        assertTrue(problems.get(0).contains(".spec.workload.messageSizeBytes = 9223372036854775807"), problems.get(0));
    }

    private static void check(String kind, JsonNode spec, List<String> problems) {
        try {
            Serialization.unmarshal(resource(kind, spec).toString(), CLASSES.get(kind));
        } catch (KubernetesClientException e) {
            // Jackson's reference chain, e.g. PubSubTopology["spec"]->WorkloadSpec["publishers"], as .spec.workload...
            String chain = e.getCause().getMessage().replaceAll("(?s).*through reference chain: ", "");
            problems.add(kind + " " + chain.replaceAll("[\\w.$]+\\[\"?(\\w+)\"?]", ".$1").replace("->", "")
                    .replace(")", "") + " = " + e.getCause().getMessage()
                    .replaceAll("(?s).*numeric value \\((-?\\d+)\\).*", "$1"));
        }
    }

    private static ObjectNode resource(String kind, JsonNode spec) {
        ObjectNode resource = JsonNodeFactory.instance.objectNode().put("apiVersion", "brokerwise.io/v1alpha1")
                .put("kind", kind);
        resource.putObject("metadata").put("name", "bounds");
        resource.set("spec", spec);
        return resource;
    }

    /**
     * A value for the schema holding only its {@code leaf}-th integer property (counted depth first in
     * {@code seen}), at the schema's bound or else the given one; null when the schema has fewer integers.
     */
    static JsonNode atBound(JsonNode schema, String bound, long unbounded, int leaf, int[] seen) {
        JsonNodeFactory json = JsonNodeFactory.instance;
        switch (schema.path("type").asText()) {
            case "integer":
                return seen[0]++ != leaf ? json.nullNode()
                        : json.numberNode(schema.has(bound) ? schema.get(bound).asLong() : unbounded);
            case "array":
                JsonNode item = atBound(schema.path("items"), bound, unbounded, leaf, seen);
                return item.isNull() ? item : json.arrayNode().add(item);
            case "object":
                var properties = schema.path("properties").fields();
                while (properties.hasNext()) {
                    var property = properties.next();
                    JsonNode value = atBound(property.getValue(), bound, unbounded, leaf, seen);
                    if (!value.isNull()) {
                        return json.objectNode().set(property.getKey(), value);
                    }
                }
                return json.nullNode();
            default:
                return json.nullNode();
        }
    }

    /** The spec schema of the CRD in crds/ for this kind. */
    private static JsonNode spec(String kind) throws IOException {
        for (Path file : CrdsAreDescribedTest.crds()) {
            JsonNode crd = CrdsAreDescribedTest.YAML.readTree(file.toFile());
            if (kind.equals(crd.path("spec").path("names").path("kind").asText())) {
                return crd.path("spec").path("versions").get(0).path("schema").path("openAPIV3Schema")
                        .path("properties").path("spec");
            }
        }
        throw new AssertionError("no CRD of kind " + kind + " in " + CrdsAreCurrentTest.CHECKED_IN);
    }
}
