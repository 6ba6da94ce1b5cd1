package io.brokerwise.api.planning;

import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Max;
import io.fabric8.generator.annotation.Min;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.Required;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Applies the schema annotations of the v1alpha1 classes to an object read offline: fills in
 * {@code @Default}s as the API server would, and reports {@code @Required}, {@code @Min}, {@code @Max}
 * and {@code @Pattern} violations as "field: what is allowed". The CRD generator reads the same
 * annotations, so the CLI and {@code kubectl apply} reject the same manifests.
 */
public final class SpecValidator {

    private static final String SCHEMA_PACKAGE = "io.brokerwise.api.v1alpha1";
    private static final com.fasterxml.jackson.databind.ObjectMapper JSON = new com.fasterxml.jackson.databind.ObjectMapper();

    private SpecValidator() {
    }

    public static List<String> validate(Object root, String path) {
        List<String> problems = new ArrayList<>();
        walk(root, path, problems);
        return problems;
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
            if (value.getClass().getName().startsWith(SCHEMA_PACKAGE) && !value.getClass().isEnum()) {
                walk(value, fieldPath, problems);
            }
        }
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
