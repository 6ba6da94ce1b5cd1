package io.brokerwise.operator.monitor;

/**
 * Whether a read of one of a watcher's targets that ended, answered or not, wakes the watcher's topology. A pass costs
 * the operator a status write and every dependent's comparison, so a watcher whose readings seldom change what a pass
 * writes wakes it only when they do ({@link WakeOnChange}). Asked on the reader's thread, once the read is recorded.
 */
@FunctionalInterface
public interface Wakes {

    /** A watcher that acts on every reading it asked for: a retirement's check. */
    Wakes EVERY_READ = () -> true;

    boolean afterRead();
}
