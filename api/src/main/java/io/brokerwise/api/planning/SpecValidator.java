package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.api.v1alpha1.TopicSpec;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Applies the schema annotations of the v1alpha1 classes to an object read offline: fills in
 * {@code @Default}s as the API server would, and reports {@code @Required}, {@code @Min}, {@code @Max}
 * and {@code @Pattern} violations as "field: what is allowed". The CRD generator reads the same
 * annotations, so the CLI and {@code kubectl apply} reject the same manifests. Lists of schema objects
 * ({@code spec.queues}) are checked item by item, named by index ({@code spec.queues[1].name}).
 */
public final class SpecValidator {

    private static final String SCHEMA_PACKAGE = "io.brokerwise.api.v1alpha1";
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    /** A manifest without a name: kubectl refuses it too, and spec.workload's topic takes it. */
    static final String NAME_REQUIRED = "metadata.name: required: give the topology a name (spec.workload's topic "
            + "and its brokers are named after it)";

    private SpecValidator() {
    }

    /** The topology's metadata.name, or null when the manifest gives none. */
    static String name(PubSubTopology topology) {
        return topology.getMetadata() == null ? null : topology.getMetadata().getName();
    }

    public static List<String> validate(Object root, String path) {
        List<String> problems = new ArrayList<>();
        walk(root, path, problems);
        return problems;
    }

    /**
     * A topology's problems: its spec's, and those of its destinations' names, which no annotation sees. No two
     * destinations (topics and queues) share a name; spec.workload's topic is the topology's own name (its brokers'
     * multicast address and the routing map's topic).
     */
    public static List<String> validate(PubSubTopology topology) {
        List<String> problems = validate(topology.getSpec(), "spec");
        String topic = name(topology);
        if (topic == null) {
            problems.add(0, NAME_REQUIRED);
        }
        List<QueueSpec> queues = orNone(topology.getSpec().queues);
        for (int i = 0; topology.getSpec().workload != null && i < queues.size(); i++) {
            if (topic != null && queues.get(i) != null && topic.equals(queues.get(i).name)) {
                problems.add(queueName(i) + ": '" + topic + "' is the topic's name (metadata.name); a queue needs "
                        + "one of its own");
            }
        }
        problems.addAll(duplicateDestinationNames(topology.getSpec()));
        return problems;
    }

    /**
     * Each topic or queue whose name an earlier topic or queue has, named by its field: what a spec alone says of
     * the names.
     */
    public static List<String> duplicateDestinationNames(PubSubTopologySpec spec) {
        List<String> problems = new ArrayList<>();
        Map<String, String> first = new HashMap<>();
        List<TopicSpec> topics = spec.workload != null || spec.topics == null ? List.of() : spec.topics;
        for (int i = 0; i < topics.size(); i++) {
            // an empty item is the annotations' to report
            claim(topics.get(i) == null ? null : topics.get(i).name, "spec.topics[" + i + "].name", first, problems);
        }
        List<QueueSpec> queues = orNone(spec.queues);
        for (int i = 0; i < queues.size(); i++) {
            claim(queues.get(i) == null ? null : queues.get(i).name, queueName(i), first, problems);
        }
        return problems;
    }

    private static void claim(String name, String field, Map<String, String> first, List<String> problems) {
        String earlier = name == null ? null : first.putIfAbsent(name, field);
        if (earlier != null) {
            problems.add(field + ": '" + name + "' is also " + earlier + "; the names of topics and queues must "
                    + "differ");
        }
    }

    private static List<QueueSpec> orNone(List<QueueSpec> queues) {
        return queues == null ? List.of() : queues;
    }

    private static String queueName(int index) {
        return "spec.queues[" + index + "].name";
    }

    private static void walk(Object node, String path, List<String> problems) {
        for (Field field : node.getClass().getFields()) {
            if (Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            String fieldPath = path + "." + field.getName();
            Object value = read(field, node);
            if (value == null && field.isAnnotationPresent(Default.class)) {
                value = parse(field, field.getAnnotation(Default.class).value());
                write(field, node, value);
            }
            if (value == null) {
                if (field.isAnnotationPresent(Required.class)) {
                    problems.add(fieldPath + ": required");
                }
                continue;
            }
            check(field, value, fieldPath, problems);
            if (isSchemaObject(value)) {
                walk(value, fieldPath, problems);
            } else if (value instanceof List<?> items) {
                walkItems(items, fieldPath, problems);
            }
        }
    }

    private static void walkItems(List<?> items, String path, List<String> problems) {
        for (int i = 0; i < items.size(); i++) {
            Object item = items.get(i);
            if (item == null) {
                problems.add(path + "[" + i + "]: an empty item; remove it or give its fields");
            } else if (isSchemaObject(item)) {
                walk(item, path + "[" + i + "]", problems);
            }
        }
    }

    private static boolean isSchemaObject(Object value) {
        return value.getClass().getName().startsWith(SCHEMA_PACKAGE) && !value.getClass().isEnum();
    }

    private static void check(Field field, Object value, String path, List<String> problems) {
        if (value instanceof Number number) {
            double x = number.doubleValue();
            Min min = field.getAnnotation(Min.class);
            if (min != null && (min.inclusive() ? x < min.value() : x <= min.value())) {
                problems.add(path + ": must be " + (min.inclusive() ? "at least " : "greater than ")
                        + plain(min.value()) + ", got " + plain(x));
            }
            Max max = field.getAnnotation(Max.class);
            if (max != null && (max.inclusive() ? x > max.value() : x >= max.value())) {
                problems.add(path + ": must be " + (max.inclusive() ? "at most " : "less than ")
                        + plain(max.value()) + ", got " + plain(x));
            }
        }
        Pattern pattern = field.getAnnotation(Pattern.class);
        if (pattern != null && !value.toString().matches(pattern.value())) {
            problems.add(path + ": '" + value + "' does not match " + pattern.value());
        }
    }

    private static Object parse(Field field, String text) {
        Class<?> type = field.getType();
        if (java.util.Collection.class.isAssignableFrom(type) || java.util.Map.class.isAssignableFrom(type)
                || type.getName().startsWith(SCHEMA_PACKAGE) && !type.isEnum()) {
            // lists, maps and objects default to JSON, as the CRD writes them
            try {
                return JSON.readValue(text, JSON.getTypeFactory().constructType(field.getGenericType()));
            } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                throw new IllegalStateException(field + ": @Default is not JSON: " + text, e);
            }
        }
        if (type == Integer.class) {
            return Integer.valueOf(text);
        }
        if (type == Long.class) {
            return Long.valueOf(text);
        }
        if (type == Double.class) {
            return Double.valueOf(text);
        }
        if (type == Boolean.class) {
            return Boolean.valueOf(text);
        }
        if (type.isEnum()) {
            return enumConstant(type, text);
        }
        return text;
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static Object enumConstant(Class<?> type, String name) {
        return Enum.valueOf((Class) type, name);
    }

    private static String plain(double x) {
        return x == Math.rint(x) && Math.abs(x) < 1e15 ? String.valueOf((long) x) : String.format(Locale.ROOT, "%s", x);
    }

    private static Object read(Field field, Object node) {
        try {
            return field.get(node);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void write(Field field, Object node, Object value) {
        try {
            field.set(node, value);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
    }
}
