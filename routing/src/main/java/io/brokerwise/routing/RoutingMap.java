package io.brokerwise.routing;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Which broker serves which cell of a k x l layout: publisher group {@code row} sends every message to
 * the l brokers of its row, subscriber group {@code column} registers its selector at the k brokers of
 * its column (docs/models.md sec. 6). Brokers are stored row-major. A first layout puts cell (row, column) on
 * StatefulSet ordinal {@code row * l + column}; a later one ({@link #movedTo}) keeps each cell on its broker, so
 * after a change of layout the ordinals of a map need not be row-major.
 *
 * Every broker carries every topic of the map: the layout is one for all of them (docs/models.md sec. 12), and
 * each topic's publishers and subscribers are placed on its rows and columns apart from the other topics'. The
 * queues are replicated queues beside the topics ({@link QueueRoute}); their replicas live on the layout's
 * brokers but follow rules of their own, so a change of the topics' layout leaves them as they are.
 *
 * The layout is two plain counts, not the model's {@code Layout}, so that applications read the map without
 * the model; code that plans builds a {@code Layout} from them.
 *
 * @param version          format version, {@link #VERSION}; a client refuses maps of a version it does not know
 * @param topics           the multicast addresses every broker of the layout carries, one per topic
 * @param publisherGroups  k, the rows (PSR is k x 1)
 * @param subscriberGroups l, the columns (SSR is 1 x l)
 * @param brokers          {@code host:port} of each cell, cells row-major, {@code k * l} entries
 * @param queues           the layout's replicated queues, each on some of these brokers (none: a topic alone)
 * @param formerColumns    the columns of the layouts before each of the last changes of l or shrinks of k, newest
 *                         first (at most {@link #FORMER_LAYOUTS}): where a durable subscription placed by its key was
 *                         held before, so a subscriber that returns after the change finds and drains it
 */
public record RoutingMap(int version, List<String> topics, int publisherGroups, int subscriberGroups,
                         List<String> brokers, List<QueueRoute> queues, List<FormerColumns> formerColumns) {

    /** The format version this code writes and reads. */
    public static final int VERSION = 1;

    /** How many earlier layouts' columns a map keeps: a subscriber away across more changes looks no further. */
    public static final int FORMER_LAYOUTS = 8;

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
        topics = List.copyOf(topics);
        if (topics.isEmpty() || topics.stream().anyMatch(t -> t == null || t.isBlank())) {
            throw new IllegalArgumentException("routing map needs a topic, and every topic a name: got " + topics);
        }
        brokers = List.copyOf(brokers);
        if (brokers.size() != (long) publisherGroups * subscriberGroups) {
            throw new IllegalArgumentException("layout " + publisherGroups + "x" + subscriberGroups + " needs "
                    + (long) publisherGroups * subscriberGroups + " brokers, got " + brokers.size());
        }
        for (String b : brokers) {
            requireHostPort(b);
        }
        queues = List.copyOf(queues);
        formerColumns = List.copyOf(formerColumns.subList(0, Math.min(FORMER_LAYOUTS, formerColumns.size())));
        Set<String> names = new LinkedHashSet<>();
        for (String t : topics) {
            if (!names.add(t)) {
                throw new IllegalArgumentException("topic '" + t + "' is named twice");
            }
        }
        for (QueueRoute q : queues) {
            if (!names.add(q.name())) {
                throw new IllegalArgumentException("queue '" + q.name() + "' is named twice, or as a topic");
            }
        }
    }

    /** A map of one topic for the given layout and broker addresses (row-major), in the current format version. */
    public static RoutingMap of(String topic, int publisherGroups, int subscriberGroups, List<String> brokers) {
        return new RoutingMap(VERSION, List.of(topic), publisherGroups, subscriberGroups, brokers, List.of(),
                List.of());
    }

    /** This map with these replicated queues instead of its own. */
    public RoutingMap withQueues(List<QueueRoute> newQueues) {
        return new RoutingMap(version, topics, publisherGroups, subscriberGroups, brokers, newQueues,
                formerColumns);
    }

    /** This map carrying these topics instead of its own, on the same brokers. */
    public RoutingMap withTopics(List<String> newTopics) {
        return new RoutingMap(version, newTopics, publisherGroups, subscriberGroups, brokers, queues,
                formerColumns);
    }

    /** Whether the layout carries this topic. */
    public boolean carries(String topic) {
        return topics.contains(topic);
    }

    /** The topic of a map of one, for what publishes or subscribes to one topic (load generators, probes). */
    public String soleTopic() {
        if (topics.size() != 1) {
            throw new IllegalStateException("the layout carries " + topics.size() + " topics " + topics
                    + ": name the one to use");
        }
        return topics.get(0);
    }

    /** The replicated queue of this name, if the layout carries one. */
    public Optional<QueueRoute> queue(String name) {
        return queues.stream().filter(q -> q.name().equals(name)).findFirst();
    }

    /**
     * The map of brokers the operator runs as StatefulSet {@code <name>-broker} behind headless Service
     * {@code <name>-brokers}: pod {@code i} is reachable as {@code <name>-broker-<i>.<name>-brokers.<ns>.svc:<port>}.
     */
    public static RoutingMap forStatefulSet(String topic, int publisherGroups, int subscriberGroups, String name,
                                            String namespace, int port) {
        return of(topic, publisherGroups, subscriberGroups,
                statefulSetAddresses(name, namespace, port, publisherGroups * subscriberGroups));
    }

    /** The addresses of pods 0 .. count-1 of StatefulSet {@code <name>-broker}, as {@link #forStatefulSet} has them. */
    public static List<String> statefulSetAddresses(String name, String namespace, int port, int count) {
        List<String> brokers = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            brokers.add(statefulSetAddress(name, namespace, port, i));
        }
        return brokers;
    }

    /** The address of pod {@code ordinal} of StatefulSet {@code <name>-broker}, as {@link #forStatefulSet} has it. */
    public static String statefulSetAddress(String name, String namespace, int port, int ordinal) {
        return name + "-broker-" + ordinal + "." + name + "-brokers." + namespace + ".svc:" + port;
    }

    /**
     * This map moved to a k x l layout over {@code addresses} ({@code k * l} of them), so that only the clients that
     * must move do: each cell both layouts have keeps its broker if that broker is among {@code addresses}, and the
     * other cells take the addresses left, in their order. Clients keep their group where it still exists
     * (ElectQueue, in the client library), so a kept cell is a broker none of its clients leaves: growing by a row or
     * a column moves only the clients the new row or column takes. A shrink retires the highest rows and columns;
     * a kept cell whose broker is not among {@code addresses} (a StatefulSet shrinks from its highest ordinal) moves
     * to one of the retiring cells' brokers that is. A change of l, or a shrink of k, records this map's columns
     * first in {@link #formerColumns}: a named subscription's column is its key modulo l, so it moves with l, and a
     * shrink of k takes brokers out of its column, which the operator keeps while they hold its messages.
     */
    public RoutingMap movedTo(int publisherGroups, int subscriberGroups, List<String> addresses) {
        String[] cells = new String[publisherGroups * subscriberGroups];
        Set<String> free = new LinkedHashSet<>(addresses);
        if (free.size() != cells.length || addresses.size() != cells.length) {
            throw new IllegalArgumentException("layout " + publisherGroups + "x" + subscriberGroups + " needs "
                    + cells.length + " distinct brokers, got " + addresses);
        }
        for (int r = 0; r < Math.min(publisherGroups, this.publisherGroups); r++) {
            for (int c = 0; c < Math.min(subscriberGroups, this.subscriberGroups); c++) {
                if (free.remove(broker(r, c))) {
                    cells[r * subscriberGroups + c] = broker(r, c);
                }
            }
        }
        for (int i = 0; i < cells.length; i++) {
            if (cells[i] == null) {
                cells[i] = closest(free, i / subscriberGroups, i % subscriberGroups);
                free.remove(cells[i]);
            }
        }
        List<FormerColumns> former = new ArrayList<>(formerColumns);
        if (subscriberGroups != this.subscriberGroups || publisherGroups < this.publisherGroups) {
            former.add(0, columns());
        }
        return new RoutingMap(version, topics, publisherGroups, subscriberGroups, List.of(cells), queues, former);
    }

    /**
     * This map with cell {@code cell} (row-major) on the broker at {@code address} instead, every other cell as it is:
     * one step of a rollout, where a new broker takes a cell before the old one goes. The layout is the same, so its
     * former columns stay as they are; the cell's durable subscriptions are drained from the old broker by their
     * subscribers as they follow.
     */
    public RoutingMap withBroker(int cell, String address) {
        if (brokers.contains(address)) {
            throw new IllegalArgumentException("broker " + address + " already serves a cell of this map");
        }
        List<String> moved = new ArrayList<>(brokers);
        moved.set(cell, address);
        return new RoutingMap(version, topics, publisherGroups, subscriberGroups, moved, queues, formerColumns);
    }

    /** Every column's brokers, as this layout has them. */
    public FormerColumns columns() {
        List<List<String>> columns = new ArrayList<>();
        for (int c = 0; c < subscriberGroups; c++) {
            columns.add(column(c));
        }
        return new FormerColumns(columns);
    }

    /**
     * The free broker for cell (row, column) of a new layout: one this map has in that column, whose subscribers
     * are registered there already; else one in that row, whose publishers send there already; else the first.
     */
    private String closest(Set<String> free, int row, int column) {
        List<String> sameColumn = column < subscriberGroups ? column(column) : List.of();
        List<String> sameRow = row < publisherGroups ? row(row) : List.of();
        return free.stream().filter(sameColumn::contains).findFirst()
                .or(() -> free.stream().filter(sameRow::contains).findFirst())
                .orElse(free.iterator().next());
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

    static void requireHostPort(String address) {
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
