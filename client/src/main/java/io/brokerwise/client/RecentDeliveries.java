package io.brokerwise.client;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The keys a durable subscriber delivered while it read its subscription in two columns, and a while after: during
 * a move each message published after the new column's subscription exists reaches both columns, and either copy
 * may come first. It holds the last {@link #CAPACITY} keys; once no column is being drained it lets
 * {@link #CAPACITY} more deliveries pass before it is {@link #spent}, so that a copy the new column delivers late
 * still meets the key the old one delivered. Thread-safe: a subscriber's links deliver from one thread each.
 */
final class RecentDeliveries {

    /** Keys kept: more than a consumer's buffer of small messages (1 MiB by default) behind the other column. */
    static final int CAPACITY = 100_000;

    private final Map<MessageKey, Boolean> keys = new LinkedHashMap<>(16, 0.75f, false) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<MessageKey, Boolean> eldest) {
            return size() > CAPACITY;
        }
    };
    private int drains;
    private int sinceLastDrain;

    /** A column's drain has begun (or a move that may start one). */
    synchronized void drainBegins() {
        drains++;
        sinceLastDrain = 0;
    }

    synchronized void drainEnds() {
        drains--;
    }

    /** Whether {@code key} is delivered for the first time (and remembered); a message without a key always is. */
    synchronized boolean firstTime(MessageKey key) {
        if (drains == 0) {
            sinceLastDrain++;
        }
        return key == null || keys.put(key, Boolean.TRUE) == null;
    }

    /** Whether every key it holds is older than any copy still to come: nothing is drained and enough has passed. */
    synchronized boolean spent() {
        return drains == 0 && sinceLastDrain >= CAPACITY;
    }
}
