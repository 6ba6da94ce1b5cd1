package io.brokerwise.client;

import io.brokerwise.routing.RoutingMap;
import jakarta.jms.JMSException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * A publisher or subscriber of one topic placed in one group of the layout, holding one link per broker of its row
 * or column. Following a new routing map is make-before-break: links to brokers that stay are left alone (a
 * subscriber's non-durable subscription there is never dropped), links to new brokers are opened before
 * links to brokers that left are closed.
 */
abstract class GroupMember<L extends AutoCloseable> implements AutoCloseable {

    /** Held for reading while a link is used, for writing while the set of links changes. */
    protected final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    protected Map<String, L> links = Map.of();
    private final String topic;
    private volatile int group;
    private boolean closed;

    protected GroupMember(String topic, int group) {
        this.topic = topic;
        this.group = group;
    }

    public int group() {
        return group;
    }

    /** The broker addresses this member is linked to now. */
    public List<String> brokers() {
        lock.readLock().lock();
        try {
            return List.copyOf(links.keySet());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The topic this member's links carry. */
    public String topic() {
        return topic;
    }

    /** The brokers a member of {@code group} must reach in {@code map}: its row or its column. */
    protected abstract List<String> brokersOf(RoutingMap map, int group);

    protected abstract L open(String address, String topic) throws JMSException;

    /** Moves to {@code group} of {@code map}; on failure keeps its old links and throws. */
    void follow(RoutingMap map, int newGroup) throws JMSException {
        relink(brokersOf(map, newGroup), newGroup);
    }

    /**
     * The make half of a move: adds links to the brokers of {@code newGroup} in {@code map} and keeps every
     * current one, so that while the other members move this one reaches both its old and its new brokers
     * ({@link TopologyClient#update}); {@link #follow} later drops the old.
     */
    void extend(RoutingMap map, int newGroup) throws JMSException {
        Set<String> union = new LinkedHashSet<>(brokers());
        union.addAll(brokersOf(map, newGroup));
        relink(List.copyOf(union), group);
    }

    private void relink(List<String> wanted, int newGroup) throws JMSException {
        Map<String, L> next = new LinkedHashMap<>();
        try {
            for (String address : wanted) {
                L kept = links.get(address);
                next.put(address, kept != null ? kept : open(address, topic));
            }
        } catch (JMSException | RuntimeException e) {
            next.forEach((a, l) -> closeUnlessKept(l));
            throw e;
        }
        Map<String, L> old;
        lock.writeLock().lock();
        try {
            if (closed) {
                next.values().forEach(GroupMember::closeQuietly);
                return;
            }
            old = links;
            links = next;
            group = newGroup;
        } finally {
            lock.writeLock().unlock();
        }
        old.forEach((address, link) -> {
            if (next.get(address) != link) {
                retire(address, link);
            }
        });
    }

    /** A link to a broker this member left: closed, unless what it reads must be emptied first. */
    protected void retire(String address, L link) {
        closeQuietly(link);
    }

    private void closeUnlessKept(L link) {
        if (!links.containsValue(link)) {
            closeQuietly(link);
        }
    }

    @Override
    public void close() {
        Map<String, L> old;
        lock.writeLock().lock();
        try {
            closed = true;
            old = links;
            links = Map.of();
        } finally {
            lock.writeLock().unlock();
        }
        old.values().forEach(GroupMember::closeQuietly);
    }

    static void closeQuietly(AutoCloseable c) {
        try {
            c.close();
        } catch (Exception e) {
            // Closing a link to a broker that is already gone has nothing left to release.
        }
    }
}
