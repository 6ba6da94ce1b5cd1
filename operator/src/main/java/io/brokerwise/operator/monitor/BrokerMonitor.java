package io.brokerwise.operator.monitor;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerScrape;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.MultiGauge;
import io.micrometer.core.instrument.Tags;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * The operator's {@link BrokerScraper}: every second it sends the reads that are due, on a pool of its own, so that
 * no reconcile thread waits on a broker, and wakes the topology a read was for when it ends, if its watcher
 * {@link Wakes} for it. Its metrics say how old each watcher's readings are
 * ({@code brokerwise_readings_age_seconds}, by topology and purpose) and how many targets are failing
 * ({@code brokerwise_scrape_failing_targets}).
 */
@ApplicationScoped
public class BrokerMonitor implements Readings {

    private static final Duration TICK = Duration.ofSeconds(1);
    private static final Logger LOG = Logger.getLogger(BrokerMonitor.class);

    @Inject
    MetricsEndpoints endpoints;

    @Inject
    MeterRegistry registry;

    @ConfigProperty(name = "brokerwise.scrape.concurrency", defaultValue = "16")
    int concurrency;

    private ExecutorService readers;
    private ScheduledExecutorService ticker;
    private BrokerScraper scraper;
    private MultiGauge ages;
    private volatile Consumer<ResourceID> wake = topology -> { };

    @PostConstruct
    void start() {
        readers = Executors.newFixedThreadPool(concurrency, daemon("brokerwise-scrape"));
        ticker = Executors.newSingleThreadScheduledExecutor(daemon("brokerwise-scrape-tick"));
        scraper = new BrokerScraper(BrokerScrape::of, Clock.systemUTC(), readers, concurrency,
                watcher -> wake.accept(watcher.topology()));
        Gauge.builder("brokerwise.scrape.failing.targets", scraper, BrokerScraper::failing)
                .description("broker metrics endpoints whose last read failed").register(registry);
        ages = MultiGauge.builder("brokerwise.readings.age").baseUnit("seconds")
                .description("how old the oldest of a watcher's broker readings is").register(registry);
        ticker.scheduleWithFixedDelay(this::tick, 0, TICK.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        ticker.shutdownNow();
        readers.shutdownNow();
    }

    private void tick() {
        try {
            scraper.scrapeDue();
        } catch (RuntimeException e) {
            // a scheduled task that throws is never run again: log, and tick on
            LOG.warnf(e, "sending the broker reads that are due failed");
        }
        ages.register(scraper.ages().entrySet().stream().map(e -> MultiGauge.Row.of(Tags.of("topology",
                e.getKey().owner(), "purpose", e.getKey().purpose()),
                e.getValue().toMillis() / 1e3)).toList(), true);
    }

    /**
     * Who is woken when a read for a topology ends, answered or not, and its watcher wakes for it: its reconciler's
     * event source, so that a pass waiting for readings runs as they arrive rather than looking again on a timer.
     */
    public void onReadEnded(Consumer<ResourceID> wakeTopology) {
        this.wake = wakeTopology;
    }

    /** The target of a broker the routing map names as {@code brokerAddress}, read as {@code user}. */
    public ScrapeTarget target(String brokerAddress, BrokerCredentials user) {
        return new ScrapeTarget(brokerAddress, endpoints.of(brokerAddress), user);
    }

    public List<ScrapeTarget> targets(Collection<String> brokerAddresses, BrokerCredentials user) {
        return brokerAddresses.stream().map(b -> target(b, user)).toList();
    }

    public void watch(Watcher watcher, Collection<ScrapeTarget> targets, Duration every) {
        scraper.watch(watcher, targets, every);
    }

    public void watch(Watcher watcher, Collection<ScrapeTarget> targets, Duration every, Wakes wakes) {
        scraper.watch(watcher, targets, every, wakes);
    }

    public Optional<Instant> watchingSince(Watcher watcher) {
        return scraper.watchingSince(watcher);
    }

    public void forget(Watcher watcher) {
        scraper.forget(watcher);
    }

    /** Stops reading for every watcher of {@code topology}. */
    public void forgetAll(ResourceID topology) {
        scraper.forgetAll(topology);
    }

    /** Stops reading for the topologies that are gone. */
    public void keepOnly(Set<ResourceID> topologies) {
        scraper.keepOnly(topologies);
    }

    @Override
    public Optional<BrokerReading> last(ScrapeTarget target) {
        return scraper.last(target);
    }

    @Override
    public boolean failing(ScrapeTarget target) {
        return scraper.failing(target);
    }

    @Override
    public boolean readSince(ScrapeTarget target, Instant since) {
        return scraper.readSince(target, since);
    }

    private static ThreadFactory daemon(String name) {
        AtomicInteger n = new AtomicInteger();
        return task -> {
            Thread thread = new Thread(task, name + "-" + n.getAndIncrement());
            thread.setDaemon(true);
            return thread;
        };
    }
}
