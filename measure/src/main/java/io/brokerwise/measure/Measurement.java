package io.brokerwise.measure;

import io.brokerwise.client.Publisher;
import io.brokerwise.measure.contract.LoadSpec;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.util.concurrent.atomic.LongAdder;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The clock and counters of one run. The measurement window is fixed in advance (after the warm-up, before
 * the cool-down); a message belongs to it by its send stamp, so counts are exact once the subscribers have
 * drained, however late a copy arrives. In rate mode the stamp is the intended send time, so latency
 * includes any time a publisher fell behind its schedule (coordinated omission). Times are wall-clock
 * nanoseconds ({@link #now()}), so client processes of one benchmark share the window; on one node they
 * share the clock as well, and latency across them is exact.
 */
final class Measurement {

    private static final long EPOCH_NANOS_AT_START = System.currentTimeMillis() * 1_000_000L;
    private static final long NANO_TIME_AT_START = System.nanoTime();

    /** Wall-clock nanoseconds, read with nanoTime's resolution and monotonicity. */
    static long now() {
        return EPOCH_NANOS_AT_START + (System.nanoTime() - NANO_TIME_AT_START);
    }


    // Set once by schedule(), before any publisher starts; volatile for the consumer threads that read them.
    volatile long start;
    volatile long windowStart;
    volatile long windowEnd;
    volatile long end;
    private final LoadSpec spec;
    final LongAdder sent = new LongAdder();
    final LongAdder sentInWindow = new LongAdder();
    final LongAdder received = new LongAdder();
    final LongAdder receivedInWindow = new LongAdder();
    final LongAdder unreadable = new LongAdder();
    /** End-to-end latency in nanoseconds, up to one minute at 3 significant digits. */
    private final Recorder latency = new Recorder(60_000_000_000L, 3);
    private final Histogram total = new Histogram(60_000_000_000L, 3);

    Measurement(LoadSpec spec) {
        this.spec = spec;
    }

    /** Fixes the phases: the warm-up starts at {@code startNanos} (wall clock). */
    Measurement schedule(long startNanos) {
        windowStart = startNanos + spec.warmup().toNanos();
        windowEnd = windowStart + spec.measure().toNanos();
        end = windowEnd + spec.cooldown().toNanos();
        start = startNanos;
        return this;
    }

    boolean inWindow(long stampNanos) {
        return stampNanos >= windowStart && stampNanos < windowEnd;
    }

    void countSent(long stampNanos) {
        sent.increment();
        if (inWindow(stampNanos)) {
            sentInWindow.increment();
        }
    }

    /** The listener every subscriber shares; called from many consumer threads at once. */
    MessageListener listener() {
        return (Message m) -> {
            long now = now();
            received.increment();
            try {
                long stamp = m.getLongProperty(Publisher.SENT_NANOS);
                if (inWindow(stamp)) {
                    receivedInWindow.increment();
                    latency.recordValue(Math.max(0, Math.min(now - stamp, 60_000_000_000L)));
                }
            } catch (JMSException | NumberFormatException e) {
                unreadable.increment();
            }
        };
    }

    /** The latency histogram of the window so far (call once, after the subscribers drained). */
    synchronized Histogram latency() {
        total.add(latency.getIntervalHistogram());
        return total;
    }
}
