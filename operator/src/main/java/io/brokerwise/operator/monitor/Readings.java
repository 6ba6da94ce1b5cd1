package io.brokerwise.operator.monitor;

import java.time.Instant;
import java.util.Optional;

/** The scraper's last word on each target, as a watcher reads it: the scraper itself, or the operator's monitor. */
public interface Readings {

    /** The last reading of {@code target}; empty until one answered. */
    Optional<BrokerReading> last(ScrapeTarget target);

    /** Whether the last read of {@code target} failed: an earlier reading no longer says how the broker is. */
    boolean failing(ScrapeTarget target);

    /**
     * Whether a read of {@code target} sent at {@code since} or later has ended, answered or not: what {@link #last}
     * and {@link #failing} say is then no older than {@code since}.
     */
    boolean readSince(ScrapeTarget target, Instant since);
}
