package io.brokerwise.measure.delivery;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntConsumer;

/**
 * Where a running load is in its {@link LoadSchedule}: each phase lasts its length unless it is moved on earlier
 * ({@link #advanceTo}), and {@link #stop} ends the load at once. A test that disrupts a load moves it on when what
 * it waited for has happened, so a load is as long as its disruptions need and never longer than its schedule.
 * Thread-safe: publishers ask for the rate while the control file's reader moves the phases.
 */
final class LoadPacer {

    private final LoadSchedule schedule;
    private final List<Long> phaseStartMillis = new ArrayList<>();
    private int phase;
    private long phaseStartNanos;
    private boolean stopped;

    LoadPacer(LoadSchedule schedule, long startNanos, long startMillis) {
        this.schedule = schedule;
        this.phaseStartNanos = startNanos;
        phaseStartMillis.add(startMillis);
    }

    /** The aggregate rate at {@code nowNanos}; empty once the load has ended. */
    synchronized OptionalDouble rateAt(long nowNanos) {
        while (!stopped && phase < schedule.phases().size()
                && nowNanos - phaseStartNanos >= schedule.phases().get(phase).length().toNanos()) {
            enter(phase + 1, phaseStartNanos + schedule.phases().get(phase).length().toNanos(),
                    phaseStartMillis.get(phase) + schedule.phases().get(phase).length().toMillis());
        }
        if (stopped || phase >= schedule.phases().size()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(schedule.phases().get(phase).messagesPerSecond());
    }

    /** Moves on to phase {@code next} (0-based) now, unless the load is already there or past it. */
    synchronized void advanceTo(int next, long nowNanos, long nowMillis) {
        rateAt(nowNanos);
        while (!stopped && phase < Math.min(next, schedule.phases().size())) {
            enter(phase + 1, nowNanos, nowMillis); // a phase passed over starts and ends now
        }
    }

    /**
     * Sends {@code messages} from one of {@code senders} that share the rate, from {@code startNanos}: sequence
     * numbers 0 up, each at its time, until the last or the load's end. The caller's thread sends.
     */
    void pace(int senders, int messages, long startNanos, IntConsumer send) {
        long next = startNanos;
        for (int seq = 0; seq < messages; seq++) {
            OptionalDouble rate = rateAt(Math.max(next, System.nanoTime()));
            if (rate.isEmpty()) {
                return;
            }
            next += (long) (1e9 * senders / rate.getAsDouble());
            LockSupport.parkNanos(next - System.nanoTime());
            send.accept(seq);
        }
    }

    synchronized void stop() {
        stopped = true;
    }

    /** When each phase the load reached started (wall clock), the first at the load's start. */
    synchronized List<Long> phaseStarts() {
        return List.copyOf(phaseStartMillis);
    }

    private void enter(int next, long startNanos, long startMillis) {
        phase = next;
        phaseStartNanos = startNanos;
        if (next < schedule.phases().size()) {
            phaseStartMillis.add(startMillis);
        }
    }
}
