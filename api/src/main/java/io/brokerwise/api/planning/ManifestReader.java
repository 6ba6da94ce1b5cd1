package io.brokerwise.api.planning;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.exc.InputCoercionException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.fabric8.kubernetes.api.model.HasMetadata;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads brokerwise.io/v1alpha1 manifests from YAML (several documents per file allowed) into the
 * resource classes, turning every Jackson error into one line that names the field.
 */
public final class ManifestReader {

    public static final String API_VERSION = "brokerwise.io/v1alpha1";

    private static final ObjectMapper YAML = YAMLMapper.builder(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private final List<JsonNode> documents = new ArrayList<>();

    /** Adds every document of a YAML source; {@code name} is how messages refer to it. */
    public ManifestReader add(Reader yaml, String name) {
        try (var parser = YAML.createParser(yaml); MappingIterator<JsonNode> nodes = YAML.readValues(parser, JsonNode.class)) {
            while (nodes.hasNextValue()) {
                JsonNode node = nodes.nextValue();
                if (node != null && !node.isNull() && !node.isMissingNode()) {
                    documents.add(node);
                }
            }
        } catch (JsonProcessingException e) {
            // the YAML parser's message spans lines; one line per problem keeps the CLI's contract
            String message = e.getOriginalMessage().replaceAll("\\s*\\n\\s*", "; ");
            boolean located = message.contains("line ") || e.getLocation() == null;
            throw new ManifestException(name + ": not valid YAML: " + message + (located ? ""
                    : " (line " + e.getLocation().getLineNr() + ", column " + e.getLocation().getColumnNr() + ")"));
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + e.getMessage());
        }
        return this;
    }

    /**
     * All documents of the given kind, converted. One of several, a document's problems begin with its kind and
     * name ("BrokerProfile fast: spec.model: ...").
     */
    public <T extends HasMetadata> List<T> all(Class<T> type) {
        List<T> out = new ArrayList<>();
        for (JsonNode doc : ofKind(type)) {
            try {
                out.add(convert(doc, type));
            } catch (ManifestException e) {
                String owner = type.getSimpleName() + " " + doc.path("metadata").path("name").asText("<unnamed>") + ": ";
                throw new ManifestException(e.problems().stream().map(p -> owner + p).toList());
            }
        }
        return out;
    }

    /** Exactly one document of the given kind: its problems name its fields alone. */
    public <T extends HasMetadata> T one(Class<T> type) {
        List<JsonNode> found = ofKind(type);
        if (found.size() != 1) {
            throw new ManifestException("kind: expected exactly one " + type.getSimpleName() + " (apiVersion "
                    + API_VERSION + "), found " + found.size() + (documents.isEmpty() ? " (no documents)"
                    : " among kinds " + documents.stream().map(d -> d.path("kind").asText("<none>")).distinct().toList()));
        }
        return convert(found.get(0), type);
    }

    private List<JsonNode> ofKind(Class<?> type) {
        String kind = type.getSimpleName();
        List<JsonNode> out = new ArrayList<>();
        for (JsonNode doc : documents) {
            if (kind.equals(doc.path("kind").asText())) {
                requireApiVersion(doc, kind);
                out.add(doc);
            }
        }
        return out;
    }

    public static <T> T convert(JsonNode doc, Class<T> type) {
        try {
            return YAML.treeToValue(doc, type);
        } catch (JsonProcessingException e) {
            throw new ManifestException(describe(e, doc));
        }
    }

    public static ObjectMapper mapper() {
        return YAML;
    }

    private static void requireApiVersion(JsonNode doc, String kind) {
        String apiVersion = doc.path("apiVersion").asText();
        if (!API_VERSION.equals(apiVersion)) {
            throw new ManifestException("apiVersion: " + kind + " needs '" + API_VERSION + "', got '" + apiVersion + "'");
        }
    }

    /** "field: what was given is not what the field takes", from what Jackson refused and the document. */
    private static String describe(JsonProcessingException e, JsonNode doc) {
        if (!(e instanceof JsonMappingException m)) {
            return e.getOriginalMessage();
        }
        String path = path(m);
        if (m instanceof UnrecognizedPropertyException u) {
            String allowed = u.getKnownPropertyIds().stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
            return path + ": unknown field; allowed here: " + allowed;
        }
        JsonNode given = at(doc, m.getPath());
        if (m.getCause() instanceof InputCoercionException c && c.getTargetType() != null) {
            // a number beyond the field's type, which Jackson reports in Java's words
            return path + ": " + given(given) + " is not " + expected(c.getTargetType()) + " in " + range(c.getTargetType());
        }
        if (m instanceof MismatchedInputException mismatch && mismatch.getTargetType() != null) {
            return path + ": " + given(given) + " is not " + expected(mismatch.getTargetType());
        }
        return path + ": " + firstLine(m.getOriginalMessage());
    }

    private static JsonNode at(JsonNode doc, List<JsonMappingException.Reference> path) {
        JsonNode node = doc;
        for (JsonMappingException.Reference ref : path) {
            node = ref.getFieldName() != null ? node.path(ref.getFieldName()) : node.path(ref.getIndex());
        }
        return node;
    }

    private static String given(JsonNode value) {
        if (value.isArray()) {
            return "a list";
        }
        if (value.isObject()) {
            return "a mapping";
        }
        if (value.isBinary()) {
            return "binary data";
        }
        return value.isMissingNode() ? "the value" : "'" + value.asText() + "'";
    }

    private static String expected(Class<?> target) {
        if (target.isEnum()) {
            return "one of " + Arrays.stream(target.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "));
        }
        if (target == String.class) {
            return "a string";
        }
        if (target == Boolean.class || target == boolean.class) {
            return "true or false";
        }
        if (java.util.Collection.class.isAssignableFrom(target) || target.isArray()) {
            return "a list";
        }
        if (target == Integer.class || target == Long.class || target == int.class || target == long.class) {
            return "a whole number";
        }
        return Number.class.isAssignableFrom(target) || target.isPrimitive() ? "a number" : "a mapping";
    }

    private static String range(Class<?> wholeNumber) {
        boolean isInt = wholeNumber == Integer.class || wholeNumber == int.class;
        return isInt ? Integer.MIN_VALUE + ".." + Integer.MAX_VALUE : Long.MIN_VALUE + ".." + Long.MAX_VALUE;
    }

    private static String path(JsonMappingException e) {
        StringBuilder out = new StringBuilder();
        for (JsonMappingException.Reference ref : e.getPath()) {
            if (ref.getFieldName() != null) {
                out.append(out.length() == 0 ? "" : ".").append(ref.getFieldName());
            } else if (ref.getIndex() >= 0) {
                out.append('[').append(ref.getIndex()).append(']');
            }
        }
        return out.length() == 0 ? "manifest" : out.toString();
    }

    private static String firstLine(String message) {
        int cut = message.indexOf('\n');
        return cut < 0 ? message : message.substring(0, cut);
    }
}
