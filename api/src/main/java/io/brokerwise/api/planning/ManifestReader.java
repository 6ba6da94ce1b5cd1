package io.brokerwise.api.planning;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
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
            throw new ManifestException(name + ": not valid YAML: " + e.getOriginalMessage().replaceAll("\\s*\\n\\s*", "; "));
        } catch (IOException e) {
            throw new ManifestException(name + ": cannot read: " + e.getMessage());
        }
        return this;
    }

    /** All documents of the given kind, converted. */
    public <T extends HasMetadata> List<T> all(Class<T> type) {
        String kind = type.getSimpleName();
        List<T> out = new ArrayList<>();
        for (JsonNode doc : documents) {
            if (kind.equals(doc.path("kind").asText())) {
                requireApiVersion(doc, kind);
                out.add(convert(doc, type));
            }
        }
        return out;
    }

    /** Exactly one document of the given kind. */
    public <T extends HasMetadata> T one(Class<T> type) {
        List<T> found = all(type);
        if (found.size() != 1) {
            throw new ManifestException("expected exactly one " + type.getSimpleName() + " (apiVersion " + API_VERSION
                    + "), found " + found.size() + (documents.isEmpty() ? " (no documents)" : " among kinds "
                    + documents.stream().map(d -> d.path("kind").asText("<none>")).distinct().toList()));
        }
        return found.get(0);
    }

    public static <T> T convert(JsonNode doc, Class<T> type) {
        try {
            return YAML.treeToValue(doc, type);
        } catch (JsonProcessingException e) {
            throw new ManifestException(describe(e));
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

    private static String describe(JsonProcessingException e) {
        if (!(e instanceof JsonMappingException m)) {
            return e.getOriginalMessage();
        }
        String path = path(m);
        if (m instanceof UnrecognizedPropertyException u) {
            String allowed = u.getKnownPropertyIds().stream().map(Object::toString).sorted().collect(Collectors.joining(", "));
            return path + ": unknown field; allowed here: " + allowed;
        }
        if (m instanceof InvalidFormatException f) {
            Class<?> target = f.getTargetType();
            String expected = target.isEnum()
                    ? "one of " + Arrays.stream(target.getEnumConstants()).map(Object::toString).collect(Collectors.joining(", "))
                    : "a " + readable(target);
            return path + ": '" + f.getValue() + "' is not " + expected;
        }
        return path + ": " + firstLine(m.getOriginalMessage());
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

    private static String readable(Class<?> type) {
        if (type == Integer.class || type == Long.class || type == int.class || type == long.class) {
            return "whole number";
        }
        return Number.class.isAssignableFrom(type) || type.isPrimitive() ? "number" : type.getSimpleName();
    }

    private static String firstLine(String message) {
        int cut = message.indexOf('\n');
        return cut < 0 ? message : message.substring(0, cut);
    }
}
