package io.brokerwise.routing;

import java.util.ArrayList;
import java.util.List;

/**
 * Which broker serves which cell of a k x l layout: publisher group {@code row} sends every message to
 * the l brokers of its row, subscriber group {@code column} registers its selector at the k brokers of
 * its column (docs/models.md sec. 6). Brokers are stored row-major, so cell (row, column) is broker number
 * {@code row * l + column}, the same ordinal the operator's StatefulSet gives its pods.
 *
 * The layout is two plain counts, not the model's {@code Layout}, so that applications read the map without
 * the model; code that plans builds a {@code Layout} from them.
 *
 * @param version          format version, {@link #VERSION}; a client refuses maps of a version it does not know
 * @param topic            the one multicast address every broker of the layout carries
 * @param publisherGroups  k, the rows (PSR is k x 1)
 * @param subscriberGroups l, the columns (SSR is 1 x l)
 * @param brokers          {@code host:port} of each cell, row-major, {@code k * l} entries
 */
public record RoutingMap(int version, String topic, int publisherGroups, int subscriberGroups, List<String> brokers) {

    /** The format version this code writes and reads. */
    public static final int VERSION = 1;

    /** The Artemis acceptor port the rendered brokers listen on (all protocols). */
    public static final int DEFAULT_PORT = 61616;

    public RoutingMap {
        if (publisherGroups < 1 || subscriberGroups < 1) {
            throw new IllegalArgumentException("a layout needs at least one publisher and one subscriber group, got "
                    + publisherGroups + "x" + subscriberGroups);
        }
        if (version != VERSION) {
            throw new IllegalArgumentException("routing map version " + version + " is not supported, this client reads "
                    + "version " + VERSION);
        }
        if (topic == null || topic.isBlank()) {
            throw new IllegalArgumentException("routing map needs a topic");
        }
        brokers = List.copyOf(brokers);
        if (brokers.size() != (long) publisherGroups * subscriberGroups) {
            throw new IllegalArgumentException("layout " + publisherGroups + "x" + subscriberGroups + " needs "
                    + (long) publisherGroups * subscriberGroups + " brokers, got " + brokers.size());
        }
        for (String b : brokers) {
            requireHostPort(b);
        }
    }

    /** A map for the given layout and broker addresses (row-major), in the current format version. */
    public static RoutingMap of(String topic, int publisherGroups, int subscriberGroups, List<String> brokers) {
        return new RoutingMap(VERSION, topic, publisherGroups, subscriberGroups, brokers);
    }

    /**
     * The map of brokers the operator runs as StatefulSet {@code <name>-broker} behind headless Service
     * {@code <name>-brokers}: pod {@code i} is reachable as {@code <name>-broker-<i>.<name>-brokers.<ns>.svc:<port>}.
     */
    public static RoutingMap forStatefulSet(String topic, int publisherGroups, int subscriberGroups, String name,
                                            String namespace, int port) {
        List<String> brokers = new ArrayList<>();
        for (int i = 0; i < publisherGroups * subscriberGroups; i++) {
            brokers.add(name + "-broker-" + i + "." + name + "-brokers." + namespace + ".svc:" + port);
        }
        return of(topic, publisherGroups, subscriberGroups, brokers);
    }

    /** Local brokers on loopback, one port each, row-major (benchmarks and tests). */
    public static RoutingMap forLocalPorts(String topic, int publisherGroups, int subscriberGroups,
                                           List<Integer> ports) {
        return of(topic, publisherGroups, subscriberGroups, ports.stream().map(p -> "127.0.0.1:" + p).toList());
    }

    /** The broker of cell (row, column). */
    public String broker(int row, int column) {
        if (row < 0 || row >= publisherGroups || column < 0 || column >= subscriberGroups) {
            throw new IndexOutOfBoundsException("no cell (" + row + ", " + column + ") in " + publisherGroups + "x"
                    + subscriberGroups);
        }
        return brokers.get(row * subscriberGroups + column);
    }

    /** The brokers a publisher of group {@code row} sends every message to. */
    public List<String> row(int row) {
        List<String> out = new ArrayList<>();
        for (int c = 0; c < subscriberGroups; c++) {
            out.add(broker(row, c));
        }
        return out;
    }

    /** The brokers a subscriber of group {@code column} registers its selector at. */
    public List<String> column(int column) {
        List<String> out = new ArrayList<>();
        for (int r = 0; r < publisherGroups; r++) {
            out.add(broker(r, column));
        }
        return out;
    }

    private static void requireHostPort(String address) {
        int colon = address == null ? -1 : address.lastIndexOf(':');
        if (colon <= 0 || colon == address.length() - 1) {
            throw new IllegalArgumentException("broker address '" + address + "' is not host:port");
        }
        try {
            int port = Integer.parseInt(address.substring(colon + 1));
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("broker address '" + address + "' has port out of range");
            }
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("broker address '" + address + "' has no numeric port");
        }
    }
}
