package io.brokerwise.operator.monitor;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * Wakes a topology only when what its pass would report from the readings is not what was last reported: by the
 * pass that watched with this, or for the last wake. Each pass watches afresh with what it wrote, so a condition a
 * pass set is never woken for again until a read changes it.
 *
 * @param <T> what a pass reports, compared by {@code equals}
 */
public final class WakeOnChange<T> implements Wakes {

    private final Supplier<T> report;
    private T last;

    /**
     * @param reported what the pass reported
     * @param report   what a pass would report from the scraper's readings as they are now
     */
    public WakeOnChange(T reported, Supplier<T> report) {
        this.last = reported;
        this.report = report;
    }

    /** Synchronized: two readers may end reads of the watcher's targets at once, and only one of them wakes. */
    @Override
    public synchronized boolean afterRead() {
        T now = report.get();
        if (Objects.equals(now, last)) {
            return false;
        }
        last = now;
        return true;
    }
}
