package io.brokerwise.operator.monitor;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;

/**
 * The one reader of every broker metrics endpoint the operator watches. Whoever needs readings (autoscaling, a
 * retirement) says which targets it watches and how often; {@link #scrapeDue} sends the reads that are due, at most
 * {@code concurrency} at a time, on the readers' executor, and returns at once. Callers read the last reading of each
 * target and never wait on the network. A target that does not answer is tried again after a back-off that doubles
 * with each failure, up to {@link #MAX_BACKOFF}, so silent brokers cannot take the readers from the ones that answer.
 * Each read that ends, answered or not, is told to the {@link ReadListener} for every watcher of its target that it
 * {@link Wakes}: whoever waits for readings is woken by them, instead of looking again and again.
 */
public final class BrokerScraper implements Readings {

    /** Reads one endpoint; bounded by its own timeouts. */
    @FunctionalInterface
    public interface Endpoint {
        BrokerSample read(String endpoint, BrokerCredentials user) throws IOException, InterruptedException;
    }

    /** What is known of one target: whether a read is under way, the last reading, the failures since. */
    private static final class Known {
        Duration every;
        Instant due;
        /** When it was first watched: the age of a target never read. */
        Instant since;
        boolean reading;
        int failures;
        Optional<BrokerReading> last = Optional.empty();
        /** When the last read that ended, answered or not, was sent; null before the first. */
        Instant lastSent;
    }

    /**
     * A watcher's targets, how often it wants them read, which of their reads wake it, and since when it has watched
     * these targets.
     */
    private record Watch(Set<ScrapeTarget> targets, Duration every, Wakes wakes, Instant since) {
    }

    /** Told of each read that ended, once for each watcher of its target it wakes; called on a reader's thread. */
    @FunctionalInterface
    public interface ReadListener {
        void readEnded(Watcher watcher);
    }

    public static final Duration MAX_BACKOFF = Duration.ofMinutes(2);

    private final Endpoint endpoint;
    private final Clock clock;
    private final Executor readers;
    private final Semaphore permits;
    private final ReadListener listener;
    /** What each watcher watches. */
    private final Map<Watcher, Watch> watched = new HashMap<>();
    private final Map<ScrapeTarget, Known> targets = new ConcurrentHashMap<>();

    public BrokerScraper(Endpoint endpoint, Clock clock, Executor readers, int concurrency, ReadListener listener) {
        this.endpoint = endpoint;
        this.clock = clock;
        this.readers = readers;
        this.permits = new Semaphore(concurrency);
        this.listener = listener;
    }

    /**
     * {@code watcher} wants these targets, and only these, read every {@code every}; a new target is due at once. Each
     * read of them that ends wakes it.
     */
    public void watch(Watcher watcher, Collection<ScrapeTarget> wanted, Duration every) {
        watch(watcher, wanted, every, Wakes.EVERY_READ);
    }

    /** The same, waking it only for the reads {@code wakes} says. */
    public synchronized void watch(Watcher watcher, Collection<ScrapeTarget> wanted, Duration every, Wakes wakes) {
        Set<ScrapeTarget> targets = Set.copyOf(wanted);
        Watch before = watched.get(watcher);
        Instant since = before != null && before.targets().equals(targets) ? before.since() : clock.instant();
        watched.put(watcher, new Watch(targets, every, wakes, since));
        settle();
    }

    /** Since when {@code watcher} has watched the targets it watches now; empty while it watches nothing. */
    public synchronized Optional<Instant> watchingSince(Watcher watcher) {
        return Optional.ofNullable(watched.get(watcher)).map(Watch::since);
    }

    /** Stops reading for the topologies that are gone. */
    public synchronized void keepOnly(Set<ResourceID> topologies) {
        watched.keySet().removeIf(w -> !topologies.contains(w.topology()));
        settle();
    }

    public synchronized void forgetAll(ResourceID topology) {
        watched.keySet().removeIf(w -> w.topology().equals(topology));
        settle();
    }

    public synchronized void forget(Watcher watcher) {
        watched.remove(watcher);
        settle();
    }

    @Override
    public Optional<BrokerReading> last(ScrapeTarget target) {
        return Optional.ofNullable(targets.get(target)).flatMap(k -> k.last);
    }

    @Override
    public boolean readSince(ScrapeTarget target, Instant since) {
        Known known = targets.get(target);
        Instant sent = known == null ? null : known.lastSent;
        return sent != null && !sent.isBefore(since);
    }

    /** Whether the last read of {@code target} failed (it is backing off). */
    @Override
    public boolean failing(ScrapeTarget target) {
        Known known = targets.get(target);
        return known != null && known.failures > 0;
    }

    /** Targets whose last read failed. */
    public long failing() {
        return targets.values().stream().filter(k -> k.failures > 0).count();
    }

    /**
     * How old each watcher's readings are: the oldest of its targets' last readings, or, for a target not yet read,
     * the time since it was first watched.
     */
    public synchronized Map<Watcher, Duration> ages() {
        Instant now = clock.instant();
        Map<Watcher, Duration> ages = new HashMap<>();
        watched.forEach((watcher, mine) -> ages.put(watcher, mine.targets().stream().map(targets::get)
                .map(k -> Duration.between(k.last.map(BrokerReading::at).orElse(k.since), now))
                .max(Duration::compareTo).orElse(Duration.ZERO)));
        return ages;
    }

    /** Sends every read that is due, as far as the concurrency allows; the rest stay due for the next call. */
    public synchronized int scrapeDue() {
        Instant now = clock.instant();
        int sent = 0;
        for (Map.Entry<ScrapeTarget, Known> e : targets.entrySet()) {
            Known known = e.getValue();
            if (known.reading || known.due.isAfter(now)) {
                continue;
            }
            if (!permits.tryAcquire()) {
                break;
            }
            known.reading = true;
            try {
                readers.execute(() -> read(e.getKey(), known));
                sent++;
            } catch (RejectedExecutionException stopping) {
                // the readers are shutting down with the operator: nothing more is sent
                known.reading = false;
                permits.release();
                break;
            }
        }
        return sent;
    }

    private void read(ScrapeTarget target, Known known) {
        Instant sent = clock.instant();
        Optional<BrokerSample> sample = Optional.empty();
        try {
            sample = Optional.of(endpoint.read(target.endpoint(), target.user()));
        } catch (IOException e) {
            // unreachable, not a Brokerwise broker, or the user refused: the back-off below
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            permits.release();
        }
        // asked and told outside the lock: a rule reads the readings, a listener may call back in (a pass that reads
        // what it was woken for)
        done(target, known, sent, sample).forEach((watcher, wakes) -> {
            if (wakes.afterRead()) {
                listener.readEnded(watcher);
            }
        });
    }

    /** Records the read's end; returns the watchers of its target, with what wakes each. */
    private synchronized Map<Watcher, Wakes> done(ScrapeTarget target, Known known, Instant sent,
                                                  Optional<BrokerSample> sample) {
        known.reading = false;
        known.lastSent = sent;
        if (sample.isPresent()) {
            known.failures = 0;
            known.last = Optional.of(new BrokerReading(sent, sample.get()));
            known.due = sent.plus(known.every);
        } else {
            known.failures++;
            known.due = clock.instant().plus(backoff(known.every, known.failures));
        }
        Map<Watcher, Wakes> watchers = new HashMap<>();
        watched.forEach((watcher, watch) -> {
            if (watch.targets().contains(target)) {
                watchers.put(watcher, watch.wakes());
            }
        });
        return watchers;
    }

    /** {@code every}, doubled for each failure after the first, at most {@link #MAX_BACKOFF}. */
    static Duration backoff(Duration every, int failures) {
        Duration wait = every;
        for (int i = 1; i < failures && wait.compareTo(MAX_BACKOFF) < 0; i++) {
            wait = wait.multipliedBy(2);
        }
        return wait.compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : wait;
    }

    /** Targets no watcher wants any more go; each one kept is read as often as its most eager watcher asks. */
    private void settle() {
        Map<ScrapeTarget, Duration> every = new HashMap<>();
        watched.values().forEach(w -> w.targets().forEach(t -> every.merge(t, w.every(),
                (a, b) -> a.compareTo(b) <= 0 ? a : b)));
        targets.keySet().retainAll(every.keySet());
        Instant now = clock.instant();
        every.forEach((target, d) -> {
            Known known = targets.computeIfAbsent(target, t -> {
                Known k = new Known();
                k.due = now;
                k.since = now;
                return k;
            });
            known.every = d;
        });
    }
}
