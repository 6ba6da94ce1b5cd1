package io.brokerwise.client;

import io.brokerwise.routing.QueueRoute;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapWatcher;
import jakarta.jms.InvalidDestinationException;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The entry point of the topology-aware client: creates publishers and subscribers of the layout's topics, each
 * topic's placed evenly on the groups of the current routing map (ElectQueue, per topic), and moves them when the
 * map changes ({@link #update}). A topic the map does not carry is refused.
 * <pre>
 * try (TopologyClient client = new TopologyClient(map, ClientOptions.of(user, password))) {
 *     Subscriber s = client.subscriber("prices", "region = 'eu'", message -> ...);
 *     Publisher p = client.publisher("prices", false);
 *     p.publish(new Outgoing(body, Map.of("region", "eu"), null));
 * }
 * </pre>
 * The layout's replicated queues ({@link #queueSender}, {@link #queueReceiver}) attach each producer and consumer
 * to one replica ({@link QueuePlacement}); the JMS connection factory's sessions use them through
 * {@link #replicaSession} and {@link #queueBrowser}.
 */
public final class TopologyClient implements RoutingMapWatcher.Follower, AutoCloseable {

    /**
     * How long subscribers keep the brokers they leave after the publishers stopped sending there: the
     * messages already sent (asynchronous non-persistent sends, broker queues, the consumer's buffer) reach
     * them meanwhile.
     */
    static final Duration SETTLE = Duration.ofMillis(500);

    private final ClientOptions options;
    /** Read without the lock by every JMS send (its topic check), written under it. */
    private volatile RoutingMap map;
    /** Each topic's members, from its first publisher or subscriber on. */
    private final Map<String, TopicMembers> topics = new LinkedHashMap<>();
    private final int clientIndex;
    private final Map<String, QueuePlacement> queues = new HashMap<>();
    private final List<AutoCloseable> queueClients = new ArrayList<>();

    public TopologyClient(RoutingMap map, ClientOptions options) {
        this(map, options, 0);
    }

    /**
     * @param clientIndex this process's index among processes that share the topology without seeing each
     *                    other (a pod ordinal, an indexed Job's completion index): elections break ties from
     *                    group {@code clientIndex mod k}, so the processes' first clients spread over the groups
     */
    public TopologyClient(RoutingMap map, ClientOptions options, int clientIndex) {
        this.map = Objects.requireNonNull(map, "map");
        this.options = Objects.requireNonNull(options, "options");
        this.clientIndex = clientIndex;
        map.queues().forEach(q -> queues.put(q.name(), new QueuePlacement(q, clientIndex)));
    }

    @Override
    public RoutingMap routingMap() {
        return map;
    }

    /** A publisher of the layout's one topic; see {@link #publisher(String, boolean)}. */
    public Publisher publisher(boolean persistent) throws JMSException {
        return publisher(soleTopic(), persistent);
    }

    /** A publisher of {@code topic} in its publisher group farthest below its fair share; persistent or not. */
    public synchronized Publisher publisher(String topic, boolean persistent) throws JMSException {
        TopicMembers t = members(topic);
        return join(new Publisher(topic, t.publisherGroups.join(), persistent, options), t.publishers,
                t.publisherGroups);
    }

    /** A subscriber of the layout's one topic; see {@link #subscriber(String, String, MessageListener)}. */
    public Subscriber subscriber(String selector, MessageListener listener) throws JMSException {
        return subscriber(soleTopic(), selector, listener);
    }

    /**
     * A subscriber of {@code topic} with this selector (null for all messages) in the topic's subscriber group
     * farthest below its fair share.
     */
    public Subscriber subscriber(String topic, String selector, MessageListener listener) throws JMSException {
        return subscriber(topic, selector, Subscription.NON_DURABLE, listener);
    }

    /**
     * A subscriber of {@code topic} registering {@code subscription} at each broker of its column: a non-durable one
     * in the topic's group farthest below its fair share, a named one in its own column ({@link Subscription}).
     */
    public Subscriber subscriber(String topic, String selector, Subscription subscription, MessageListener listener)
            throws JMSException {
        return subscriber(topic, selector, subscription, listener, false);
    }

    /**
     * As {@link #subscriber(String, String, Subscription, MessageListener)}; with {@code listenerAcknowledges}, a
     * durable subscription's messages are acknowledged by the listener ({@code Message.acknowledge}) once it has
     * handed them on, else as the listener returns.
     */
    public synchronized Subscriber subscriber(String topic, String selector, Subscription subscription,
                                              MessageListener listener, boolean listenerAcknowledges)
            throws JMSException {
        TopicMembers t = members(topic);
        if (subscription.placedByKey()) {
            Subscriber s = new Subscriber(topic, subscription.column(map.subscriberGroups()), selector, subscription,
                    true, listener, listenerAcknowledges, options);
            s.start(map);
            t.keyed.add(s);
            return s;
        }
        return join(new Subscriber(topic, t.subscriberGroups.join(), selector, subscription, false, listener,
                listenerAcknowledges, options), t.subscribers, t.subscriberGroups);
    }

    /** A durable subscriber of the layout's one topic; see {@link #durableSubscriber(String, String, String, MessageListener)}. */
    public Subscriber durableSubscriber(String name, String selector, MessageListener listener) throws JMSException {
        return durableSubscriber(soleTopic(), name, selector, listener);
    }

    /**
     * A subscriber placed by ElectQueue, as {@link #subscriber(String, String, MessageListener)}, whose subscription
     * at each broker of its column is shared, durable and named {@code name}: the brokers keep its messages while it
     * is away, until {@link #unsubscribe}. For a load generator, whose subscribers live as long as it does and must
     * spread evenly; an application's durable subscriptions sit in their own column
     * ({@link #subscriber(String, String, Subscription, MessageListener)}), which a returning subscriber finds.
     */
    public synchronized Subscriber durableSubscriber(String topic, String name, String selector,
                                                     MessageListener listener) throws JMSException {
        TopicMembers t = members(topic);
        return join(new Subscriber(topic, t.subscriberGroups.join(), selector,
                Subscription.shared(Objects.requireNonNull(name, "name"), null, true), false, listener, false,
                options),
                t.subscribers, t.subscriberGroups);
    }

    /**
     * Removes durable {@code subscription} from its column's brokers, and from its former columns' ({@link
     * RoutingMap#formerColumns}), gone brokers passed over; throws InvalidDestinationException when no
     * broker had it. Its subscriber, if any, must be closed first.
     */
    public void unsubscribe(Subscription subscription) throws JMSException {
        RoutingMap current = map;
        List<String> column = current.column(subscription.column(current.subscriberGroups()));
        String topic = current.topics().get(0);
        if (Subscriber.unsubscribe(column, topic, subscription, options) + Subscriber.unsubscribeWhereReachable(
                List.copyOf(subscription.formerBrokers(current)), topic, subscription, options) == 0) {
            throw new InvalidDestinationException("no durable subscription '" + subscription.name() + "'"
                    + (subscription.clientId() == null ? "" : " of client ID '" + subscription.clientId() + "'")
                    + " at the brokers of its column");
        }
    }

    /** Throws {@link InvalidDestinationException} naming the layout's topics unless {@code topic} is one of them. */
    public void requireTopic(String topic) throws InvalidDestinationException {
        RoutingMap current = map;
        if (!current.carries(topic)) {
            throw new InvalidDestinationException("topic '" + topic + "' is not one of the layout's topics "
                    + current.topics() + ": declare it in spec.topics");
        }
    }

    /** The layout's topic, where it carries one; else which to name. */
    private String soleTopic() throws InvalidDestinationException {
        RoutingMap current = map;
        if (current.topics().size() != 1) {
            throw new InvalidDestinationException("the layout carries topics " + current.topics() + ": name one");
        }
        return current.topics().get(0);
    }

    private TopicMembers members(String topic) throws InvalidDestinationException {
        requireTopic(topic);
        return topics.computeIfAbsent(topic, n -> new TopicMembers(map.publisherGroups(), map.subscriberGroups(),
                clientIndex));
    }

    /** A producer of replicated queue {@code queue}, attached to the replica with the fewest producers. */
    public synchronized QueueSender queueSender(String queue, boolean persistent) throws JMSException {
        QueuePlacement placement = placement(queue);
        return keep(QueueSender.open(queue, placement.elect(true), persistent, options,
                c -> left(c, queue, ((QueueSender) c).replica(), true)));
    }

    /**
     * A consumer of replicated queue {@code queue} (a selector, or null for every message), attached to the replica
     * with the fewest consumers and relieving the others ({@link QueueReceiver}).
     */
    public QueueReceiver queueReceiver(String queue, String selector, MessageListener listener) throws JMSException {
        return queueReceiver(queue, selector, listener, true);
    }

    /**
     * As {@link #queueReceiver(String, String, MessageListener)}; without {@code relief} and without a selector it
     * reads its own replica alone, and only the brokers' redistribution moves messages between replicas.
     */
    public synchronized QueueReceiver queueReceiver(String queue, String selector, MessageListener listener,
                                                    boolean relief) throws JMSException {
        QueuePlacement placement = placement(queue);
        String blankless = selector == null || selector.isBlank() ? null : selector;
        return keep(QueueReceiver.open(queue, placement.elect(false), placement.open(), blankless, relief, listener,
                options, c -> left(c, queue, ((QueueReceiver) c).home(), false)));
    }

    /**
     * The queue side of one JMS session in {@code sessionMode} (the JMS connection factory's): pinned to the replica
     * its first queue producer or consumer elects ({@link ReplicaSession}).
     */
    public synchronized ReplicaSession replicaSession(int sessionMode) {
        return keep(new ReplicaSession(this, options, sessionMode));
    }

    /**
     * A browser of every replica of {@code queue}, one after another ({@link ReplicaBrowser}); {@code onClose} hears
     * when it closes (the JMS session that holds it forgets it).
     */
    public synchronized ReplicaBrowser queueBrowser(String queue, String selector, Consumer<AutoCloseable> onClose)
            throws JMSException {
        return keep(ReplicaBrowser.open(queue, placement(queue).replicas(), selector, options, browser -> {
            forget(browser);
            onClose.accept(browser);
        }));
    }

    /** Throws {@link InvalidDestinationException} naming the layout's queues unless {@code queue} is one of them. */
    public synchronized void requireQueue(String queue) throws InvalidDestinationException {
        placement(queue);
    }

    /** Elects the replica of {@code queue} for a new producer or consumer of a JMS session, counted there. */
    synchronized String elect(String queue, boolean producer) throws InvalidDestinationException {
        return placement(queue).elect(producer);
    }

    /** Counts a producer or consumer of a JMS session at the replica the session is pinned to. */
    synchronized void attach(String queue, String replica, boolean producer) throws InvalidDestinationException {
        if (!placement(queue).joinAt(replica, producer)) {
            throw new InvalidDestinationException("queue '" + queue + "' has no replica at broker " + replica
                    + ", the replica this session's first queue producer or consumer chose: a session stays on one "
                    + "replica (its transaction and acknowledgements live there); use another session for this queue");
        }
    }

    /** A producer or consumer counted at {@code replica} of {@code queue} has gone. */
    synchronized void detach(String queue, String replica, boolean producer) {
        QueuePlacement placement = queues.get(queue);
        if (placement != null) {
            placement.left(replica, producer);
        }
    }

    /** Every replica of {@code queue}. */
    synchronized List<String> replicas(String queue) throws InvalidDestinationException {
        return placement(queue).replicas();
    }

    private QueuePlacement placement(String queue) throws InvalidDestinationException {
        QueuePlacement placement = queues.get(queue);
        if (placement == null) {
            throw new InvalidDestinationException("queue '" + queue + "' is not one of the layout's queues "
                    + map.queues().stream().map(QueueRoute::name).toList() + ": declare it in spec.queues");
        }
        return placement;
    }

    private <C extends AutoCloseable> C keep(C client) {
        queueClients.add(client);
        return client;
    }

    /** A queue client (a sender, a receiver, a JMS session's replica side, a browser) has closed. */
    synchronized void forget(AutoCloseable client) {
        queueClients.remove(client);
    }

    private synchronized void left(AutoCloseable client, String queue, String replica, boolean producer) {
        forget(client);
        detach(queue, replica, producer);
    }

    /** Publisher and subscriber counts per group of the layout's one topic, for placement checks and reports. */
    public int[][] membersPerGroup() throws InvalidDestinationException {
        return membersPerGroup(soleTopic());
    }

    /** Publisher and subscriber counts per group of {@code topic}, for placement checks and reports. */
    public synchronized int[][] membersPerGroup(String topic) throws InvalidDestinationException {
        TopicMembers t = members(topic);
        return new int[][] {t.publisherGroups.members(), t.subscriberGroups.members()};
    }

    /**
     * Follows a new routing map. Each topic's clients whose group is gone re-join by election, then they move one at
     * a time from the topic's fullest to its emptiest group until no group has two more than another. Every move is
     * make-before-break across the whole client: first every publisher, then every subscriber adds the
     * brokers of its new row or column while keeping its old ones; then publishers drop their old brokers, and
     * subscribers drop theirs last, {@link #SETTLE} later. At every moment each publisher's brokers and each
     * subscriber's therefore share a broker, so a subscriber loses no message; it may see one twice while both
     * its old and new brokers carry it. Subscriptions at brokers that stay are never touched. Throws if a
     * broker cannot be reached: then no member leaves a broker, those that could not move keep their old links, and
     * the next update of the same map (the watcher asks again) completes the move.
     */
    @Override
    public void update(RoutingMap next) throws JMSException {
        List<JMSException> failures = new ArrayList<>();
        List<PendingMove> queueMoves;
        synchronized (this) {
            map = Objects.requireNonNull(next, "map");
            queueMoves = followQueues(next);
            for (TopicMembers t : topics.values()) {
                t.publisherTargets = targets(t.publishers, t.publisherGroups, next.publisherGroups());
                t.subscriberTargets = targets(t.subscribers, t.subscriberGroups, next.subscriberGroups());
                t.keyedTargets = t.keyed.stream().mapToInt(s -> s.subscription().column(next.subscriberGroups()))
                        .toArray();
            }
            topics.values().forEach(t -> step(t.publishers, t.publisherTargets, t.publisherGroups,
                    GroupMember::extend, failures));
            topics.values().forEach(t -> step(t.subscribers, t.subscriberTargets, t.subscriberGroups,
                    GroupMember::extend, failures));
            topics.values().forEach(t -> step(t.keyed, t.keyedTargets, null, GroupMember::extend, failures));
            if (!failures.isEmpty()) {
                // a member that could not reach its new brokers (one just started, whose name does not resolve yet):
                // no one leaves an old broker, or a subscriber would leave one a publisher still sends to; every
                // member keeps its old and new links until the map is applied again and all reach theirs
                throw first(failures);
            }
            topics.values().forEach(t -> step(t.publishers, t.publisherTargets, t.publisherGroups,
                    GroupMember::follow, failures));
            if (topics.values().stream().anyMatch(this::leaving)) {
                try {
                    Thread.sleep(SETTLE.toMillis());
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            topics.values().forEach(t -> step(t.subscribers, t.subscriberTargets, t.subscriberGroups,
                    GroupMember::follow, failures));
            topics.values().forEach(t -> step(t.keyed, t.keyedTargets, null, GroupMember::follow, failures));
        }
        // outside the lock: a move waits for a send under way, and a closing link for its listener, which may call
        // back into this client
        queueMoves.forEach(m -> moving(m.move(), m.replica(), failures));
        if (!failures.isEmpty()) {
            throw first(failures);
        }
    }

    private static JMSException first(List<JMSException> failures) {
        failures.subList(1, failures.size()).forEach(failures.get(0)::addSuppressed);
        return failures.get(0);
    }

    /**
     * A queue's new counts include this process's clients. Its producers and consumers on a replica marked for
     * removal move to the others ({@link QueuePlacement#moves}), and when replicas were added or removed they
     * spread over them again; the receivers relieve the replicas open now. A queue the map no longer carries takes
     * no new client. Returns the moves, which the caller makes; a client that cannot move stays where it is, and the
     * next map moves it.
     */
    private List<PendingMove> followQueues(RoutingMap next) {
        queues.keySet().retainAll(next.queues().stream().map(QueueRoute::name).toList());
        List<PendingMove> moves = new ArrayList<>();
        for (QueueRoute q : next.queues()) {
            QueuePlacement placement = queues.computeIfAbsent(q.name(), n -> new QueuePlacement(q, clientIndex));
            boolean resized = placement.follow(q);
            List<QueueSender> senders = clientsOf(QueueSender.class, q.name(), QueueSender::queue);
            List<String> to = placement.moves(senders.stream().map(QueueSender::replica).toList(), true, resized);
            for (int i = 0; i < senders.size(); i++) {
                moves.add(new PendingMove(senders.get(i)::moveTo, to.get(i)));
            }
            List<QueueReceiver> receivers = clientsOf(QueueReceiver.class, q.name(), QueueReceiver::queue);
            List<String> homes = placement.moves(receivers.stream().map(QueueReceiver::home).toList(), false, resized);
            List<String> open = placement.open();
            for (int i = 0; i < receivers.size(); i++) {
                QueueReceiver r = receivers.get(i);
                moves.add(new PendingMove(home -> r.follow(home, open), homes.get(i)));
            }
        }
        return moves;
    }

    private record PendingMove(QueueMove move, String replica) {
    }

    private interface QueueMove {
        void to(String replica) throws JMSException;
    }

    private static void moving(QueueMove move, String replica, List<JMSException> failures) {
        try {
            move.to(replica);
        } catch (JMSException | RuntimeException e) {
            failures.add(e instanceof JMSException j ? j : wrap((RuntimeException) e));
        }
    }

    private <C> List<C> clientsOf(Class<C> kind, String queue, Function<C, String> queueOf) {
        return queueClients.stream().filter(kind::isInstance).map(kind::cast)
                .filter(c -> queueOf.apply(c).equals(queue)).toList();
    }

    private boolean leaving(TopicMembers t) {
        return leaving(t.subscribers, t.subscriberTargets) || leaving(t.keyed, t.keyedTargets);
    }

    private boolean leaving(List<Subscriber> subscribers, int[] targets) {
        for (int i = 0; i < subscribers.size(); i++) {
            Subscriber s = subscribers.get(i);
            if (targets[i] >= 0 && !new HashSet<>(s.brokersOf(map, targets[i])).containsAll(s.brokers())) {
                return true;
            }
        }
        return false;
    }

    private <M extends GroupMember<?>> M join(M member, List<M> members, GroupElection election) throws JMSException {
        try {
            member.follow(map, member.group());
        } catch (JMSException | RuntimeException e) {
            election.leave(member.group());
            throw e;
        }
        members.add(member);
        return member;
    }

    /** Each member's group in the new layout: its own if it still exists, else elected, then rebalanced. */
    private static <M extends GroupMember<?>> int[] targets(List<M> members, GroupElection election, int groups) {
        election.resize(groups);
        int[] target = new int[members.size()];
        for (int i = 0; i < members.size(); i++) {
            target[i] = members.get(i).group() < groups ? members.get(i).group() : election.join();
        }
        election.rebalance(target);
        return target;
    }

    private interface Move {
        void apply(GroupMember<?> member, RoutingMap map, int group) throws JMSException;
    }

    /**
     * One phase of an update for every member still moving; a member that fails stays where it was (target -1,
     * counted in its old group again so the next election sees the truth) and sits out the later phases. Members
     * outside any election ({@code election} null) are only moved.
     */
    private <M extends GroupMember<?>> void step(List<M> members, int[] target, GroupElection election, Move move,
                                                 List<JMSException> failures) {
        for (int i = 0; i < members.size(); i++) {
            if (target[i] < 0) {
                continue;
            }
            M member = members.get(i);
            try {
                move.apply(member, map, target[i]);
            } catch (JMSException | RuntimeException e) {
                if (election != null && target[i] != member.group()) {
                    election.leave(target[i]);
                    if (member.group() < election.groups()) {
                        election.joinAt(member.group());
                    }
                }
                target[i] = -1;
                failures.add(e instanceof JMSException j ? j : wrap((RuntimeException) e));
            }
        }
    }

    private static JMSException wrap(RuntimeException e) {
        JMSException j = new JMSException(e.getMessage());
        j.initCause(e);
        return j;
    }

    /** Closes one publisher and frees its place. */
    public synchronized void remove(Publisher p) {
        TopicMembers t = topics.get(p.topic());
        if (t != null && t.publishers.remove(p)) {
            t.publisherGroups.leave(p.group());
        }
        p.close();
    }

    /** Closes one subscriber (its subscriptions end) and frees its place. */
    public synchronized void remove(Subscriber s) {
        leave(s);
        s.close();
    }

    /** Closes a durable subscriber, frees its place and removes its subscriptions with what they hold. */
    public synchronized void unsubscribe(Subscriber s) throws JMSException {
        leave(s);
        s.unsubscribe();
    }

    private void leave(Subscriber s) {
        TopicMembers t = topics.get(s.topic());
        if (t != null && t.subscribers.remove(s)) {
            t.subscriberGroups.leave(s.group());
        }
        if (t != null) {
            t.keyed.remove(s);
        }
    }

    /**
     * Closes every client. The queue clients close outside the lock: a JMS session's replica side takes its own lock
     * and then this one to count a new producer or consumer.
     */
    @Override
    public void close() {
        List<AutoCloseable> queueSide;
        synchronized (this) {
            for (TopicMembers t : topics.values()) {
                t.publishers.forEach(Publisher::close);
                t.subscribers.forEach(Subscriber::close);
                t.keyed.forEach(Subscriber::close);
                t.publishers.clear();
                t.subscribers.clear();
                t.keyed.clear();
            }
            queueSide = List.copyOf(queueClients);
            queueClients.clear();
        }
        queueSide.forEach(GroupMember::closeQuietly);
    }
}
