package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.MessageConsumer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The queue side of one JMS session of the connection factory, pinned to one replica. The session's first queue
 * producer or consumer elects it (ElectQueue, {@link QueuePlacement}: a producer's election for a producer, a
 * consumer's for a consumer); every later producer and consumer of the session attaches there too, counted there,
 * on the same Artemis session, which is in the JMS session's mode. A transaction or a client acknowledgement
 * therefore stays on one broker, where Artemis keeps it.
 * <p>
 * A consumer with a selector reads every replica ({@link QueueReceiver} says why), through a link per other replica
 * opened for the session; it is counted at the pinned one. That is for a session in {@code AUTO_ACKNOWLEDGE} or
 * {@code DUPS_OK_ACKNOWLEDGE} only: the caller refuses it in a transacted or client-acknowledged session, whose
 * messages must all come from one Artemis session.
 * <p>
 * Links open stopped and follow {@link #start} and {@link #stop}, the JMS connection's.
 */
public final class ReplicaSession implements AutoCloseable {

    private final TopologyClient client;
    private final ClientOptions options;
    private final int mode;
    /** The session's link at each broker, the pinned replica's first. */
    private final Map<String, BrokerLink> links = new LinkedHashMap<>();
    /** Volatile: commit and rollback may come from a listener while the connection stops, holding this. */
    private volatile BrokerLink pinned;
    private boolean started;
    private boolean closed;

    ReplicaSession(TopologyClient client, ClientOptions options, int mode) {
        this.client = client;
        this.options = options;
        this.mode = mode;
    }

    /** {@code host:port} of the replica the session is pinned to, null before its first queue client. */
    public String replica() {
        BrokerLink p = pinned;
        return p == null ? null : p.address;
    }

    /** A producer of {@code queue} at the session's replica (elected now if this is its first queue client). */
    public synchronized ReplicaProducer producer(String queue) throws JMSException {
        return attached(queue, true, (link, detach) -> new ReplicaProducer(link.address,
                link.session.createProducer(link.session.createQueue(queue)), detach));
    }

    /**
     * A consumer of {@code queue}: at the session's replica without a selector, at every replica with one (each
     * message still reaches one consumer of the queue).
     */
    public synchronized ReplicaConsumer consumer(String queue, String selector) throws JMSException {
        return attached(queue, false, (home, detach) -> {
            List<MessageConsumer> consumers = new ArrayList<>();
            try {
                for (BrokerLink link : readFrom(queue, home, selector)) {
                    consumers.add(link.session.createConsumer(link.session.createQueue(queue), selector));
                }
            } catch (JMSException | RuntimeException e) {
                consumers.forEach(GroupMember::closeQuietly);
                throw e;
            }
            return new ReplicaConsumer(consumers, detach);
        });
    }

    private List<BrokerLink> readFrom(String queue, BrokerLink home, String selector) throws JMSException {
        if (selector == null || selector.isBlank()) {
            return List.of(home);
        }
        List<BrokerLink> every = new ArrayList<>();
        for (String replica : client.replicas(queue)) {
            every.add(link(replica));
        }
        return every;
    }

    /** What a client of the session is made of, at its link; {@code detach} uncounts it. */
    private interface Open<T> {
        T at(BrokerLink link, Runnable detach) throws JMSException;
    }

    /** Attaches a producer or consumer of {@code queue} to the pinned replica and opens it, uncounted if that fails. */
    private <T> T attached(String queue, boolean producer, Open<T> open) throws JMSException {
        BrokerLink link = attach(queue, producer);
        Runnable detach = () -> client.detach(queue, link.address, producer);
        try {
            return open.at(link, detach);
        } catch (JMSException | RuntimeException e) {
            detach.run();
            throw e;
        }
    }

    /** The pinned replica's link, with a new producer or consumer of {@code queue} counted there. */
    private BrokerLink attach(String queue, boolean producer) throws JMSException {
        if (pinned != null) {
            client.attach(queue, pinned.address, producer);
            return pinned;
        }
        String replica = client.elect(queue, producer);
        try {
            pinned = link(replica);
        } catch (JMSException | RuntimeException e) {
            client.detach(queue, replica, producer);
            throw e;
        }
        return pinned;
    }

    private BrokerLink link(String address) throws JMSException {
        BrokerLink link = links.get(address);
        if (link != null) {
            return link;
        }
        if (closed) {
            throw new jakarta.jms.IllegalStateException("the session is closed");
        }
        link = BrokerLink.inMode(address, options, mode);
        try {
            if (started) {
                link.connection.start();
            }
        } catch (JMSException | RuntimeException e) {
            link.close();
            throw e;
        }
        links.put(address, link);
        return link;
    }

    /** Commits the session's transaction at its replica; nothing to commit before its first queue client. */
    public void commit() throws JMSException {
        BrokerLink p = pinned;
        if (p != null) {
            p.session.commit();
        }
    }

    /** Rolls back the session's transaction: its sends are dropped, its receipts delivered again. */
    public void rollback() throws JMSException {
        BrokerLink p = pinned;
        if (p != null) {
            p.session.rollback();
        }
    }

    /** Delivers the unacknowledged messages of a client-acknowledged session again. */
    public void recover() throws JMSException {
        BrokerLink p = pinned;
        if (p != null) {
            p.session.recover();
        }
    }

    /** Starts delivery on every link, now and on the links opened later. */
    public synchronized void start() throws JMSException {
        started = true;
        for (BrokerLink link : links.values()) {
            link.connection.start();
        }
    }

    /**
     * Stops delivery, returning once no listener of the session runs (Artemis's stop waits for them). Not under the
     * lock: a listener that is running may create a producer or consumer of the session before it returns.
     */
    public void stop() throws JMSException {
        List<BrokerLink> open;
        synchronized (this) {
            started = false;
            open = List.copyOf(links.values());
        }
        for (BrokerLink link : open) {
            link.connection.stop();
        }
    }

    /**
     * Closes the session's links: a transaction not committed is rolled back, messages not acknowledged go back to
     * their replica. Its producers and consumers are closed first, by the JMS session, and uncounted so.
     */
    @Override
    public void close() {
        List<BrokerLink> open;
        synchronized (this) {
            closed = true;
            open = List.copyOf(links.values());
            links.clear();
        }
        open.forEach(BrokerLink::close);
        client.forget(this);
    }
}
