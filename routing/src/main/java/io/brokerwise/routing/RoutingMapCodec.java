package io.brokerwise.routing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes the routing map as JSON, the value of key {@link #CONFIG_MAP_KEY} in the routing
 * ConfigMap. Every broker names its cell explicitly, so a reader never depends on list order and a
 * human reading {@code kubectl get cm -o yaml} sees the grid. Format: routing/README.md.
 */
public final class RoutingMapCodec {

    /** The ConfigMap key (and file name when mounted) that holds the map. */
    public static final String CONFIG_MAP_KEY = "routing.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private RoutingMapCodec() {
    }

    public static String toJson(RoutingMap map) {
        ObjectNode root = JSON.createObjectNode();
        root.put("version", map.version());
        // the first topic alone, as readers that know one topic read it
        root.put("topic", map.topics().get(0));
        if (map.topics().size() > 1) {
            map.topics().forEach(root.putArray("topics")::add);
        }
        root.put("publisherGroups", map.publisherGroups());
        root.put("subscriberGroups", map.subscriberGroups());
        ArrayNode brokers = root.putArray("brokers");
        for (int r = 0; r < map.publisherGroups(); r++) {
            for (int c = 0; c < map.subscriberGroups(); c++) {
                brokers.addObject().put("row", r).put("column", c).put("address", map.broker(r, c));
            }
        }
        if (!map.queues().isEmpty()) {
            ArrayNode queues = root.putArray("queues");
            for (QueueRoute q : map.queues()) {
                ArrayNode replicas = queues.addObject().put("name", q.name()).putArray("replicas");
                for (QueueRoute.Replica r : q.replicas()) {
                    replicas.addObject().put("address", r.address()).put("producers", r.producers())
                            .put("consumers", r.consumers()).put("retiring", r.retiring());
                }
            }
        }
        if (!map.formerColumns().isEmpty()) {
            ArrayNode former = root.putArray("formerColumns");
            for (FormerColumns layout : map.formerColumns()) {
                ArrayNode columns = former.addArray();
                layout.columns().forEach(column -> column.forEach(columns.addArray()::add));
            }
        }
        try {
            return JSON.writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write routing map", e);
        }
    }

    /** Parses a map; any problem (unknown version, missing or duplicate cell) is an IllegalArgumentException. */
    public static RoutingMap fromJson(String json) {
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("routing map is not JSON: " + e.getOriginalMessage(), e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException("routing map must be a JSON object");
        }
        int version = requiredInt(root, "version");
        if (version != RoutingMap.VERSION) {
            throw new IllegalArgumentException("routing map version " + version + " is not supported, this client reads "
                    + "version " + RoutingMap.VERSION);
        }
        int rows = requiredInt(root, "publisherGroups");
        int columns = requiredInt(root, "subscriberGroups");
        if (rows < 1 || columns < 1) {
            throw new IllegalArgumentException("routing map layout " + rows + "x" + columns + " has an empty side");
        }
        String[] cells = new String[Math.multiplyExact(rows, columns)];
        JsonNode brokers = root.path("brokers");
        if (!brokers.isArray()) {
            throw new IllegalArgumentException("routing map needs a 'brokers' array");
        }
        for (JsonNode b : brokers) {
            int row = requiredInt(b, "row");
            int column = requiredInt(b, "column");
            if (row < 0 || row >= rows || column < 0 || column >= columns) {
                throw new IllegalArgumentException("broker cell (" + row + ", " + column + ") is outside the layout");
            }
            int i = row * columns + column;
            if (cells[i] != null) {
                throw new IllegalArgumentException("broker cell (" + row + ", " + column + ") appears twice");
            }
            cells[i] = b.path("address").asText(null);
        }
        List<String> ordered = new ArrayList<>();
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == null) {
                throw new IllegalArgumentException("broker cell (" + i / columns + ", " + i % columns
                        + ") has no address");
            }
            ordered.add(cells[i]);
        }
        return new RoutingMap(version, topics(root), rows, columns, ordered, queues(root),
                formerColumns(root));
    }

    /** {@code topics} where the map has several, else {@code topic} alone. */
    private static List<String> topics(JsonNode root) {
        List<String> topics = new ArrayList<>();
        root.path("topics").forEach(t -> topics.add(t.asText(null)));
        if (topics.isEmpty()) {
            topics.add(root.path("topic").asText(null));
        }
        return topics;
    }

    /** The optional {@code queues}: a map without them is a topic alone. */
    private static List<QueueRoute> queues(JsonNode root) {
        List<QueueRoute> queues = new ArrayList<>();
        for (JsonNode q : root.path("queues")) {
            List<QueueRoute.Replica> replicas = new ArrayList<>();
            for (JsonNode r : q.path("replicas")) {
                replicas.add(new QueueRoute.Replica(r.path("address").asText(null), requiredInt(r, "producers"),
                        requiredInt(r, "consumers"), r.path("retiring").asBoolean(false)));
            }
            queues.add(new QueueRoute(q.path("name").asText(""), replicas));
        }
        return queues;
    }

    /** The optional {@code formerColumns}: each earlier layout's columns, each column its brokers' addresses. */
    private static List<FormerColumns> formerColumns(JsonNode root) {
        List<FormerColumns> former = new ArrayList<>();
        for (JsonNode layout : root.path("formerColumns")) {
            List<List<String>> columns = new ArrayList<>();
            for (JsonNode column : layout) {
                List<String> brokers = new ArrayList<>();
                column.forEach(b -> brokers.add(b.asText(null)));
                columns.add(brokers);
            }
            former.add(new FormerColumns(columns));
        }
        return former;
    }

    private static int requiredInt(JsonNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.canConvertToInt() || !v.isIntegralNumber()) {
            throw new IllegalArgumentException("routing map field '" + field + "' must be an integer");
        }
        return v.intValue();
    }
}
