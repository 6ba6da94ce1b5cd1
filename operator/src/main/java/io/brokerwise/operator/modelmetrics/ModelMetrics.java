package io.brokerwise.operator.modelmetrics;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Tag;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * The operator's {@code brokerwise_topology_*} metrics ({@link TopologySeries}): each pass records its topology's
 * status once written, and a deleted topology's series go within a {@link #SWEEP}. One gauge per series, holding its latest value, so that a
 * pass touches its own topology's series only, whatever the fleet; a series the status no longer has (a broker the
 * plan dropped, a condition's other status) is removed.
 */
@ApplicationScoped
public class ModelMetrics {

    @Inject
    MeterRegistry registry;

    /** How often the series of deleted topologies are swept away. */
    public static final Duration SWEEP = Duration.ofSeconds(10);

    private final Clock clock = Clock.systemUTC();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "brokerwise-model-metrics-sweep");
        t.setDaemon(true);
        return t;
    });
    private final Map<ResourceID, Map<ModelSample.Key, Held>> topologies = new ConcurrentHashMap<>();

    /** A series' gauge and the value it reports. */
    private record Held(Gauge gauge, AtomicReference<Double> value) {
    }

    /**
     * The topology's series, as its status now reads.
     *
     * @param certificatesExpire when each broker pod's certificate ends ({@link CertificateExpiry})
     */
    public void record(PubSubTopology topology, Map<String, Instant> certificatesExpire) {
        ResourceID id = ResourceID.fromResource(topology);
        List<ModelSample> samples = TopologySeries.of(topology, clock.instant(), certificatesExpire);
        synchronized (this) {
            Map<ModelSample.Key, Held> before = topologies.getOrDefault(id, Map.of());
            Map<ModelSample.Key, Held> now = new HashMap<>();
            for (ModelSample s : samples) {
                Held held = before.containsKey(s.key()) ? before.get(s.key()) : register(s);
                held.value().set(s.value());
                now.put(s.key(), held);
            }
            before.forEach((key, held) -> {
                if (!now.containsKey(key)) {
                    registry.remove(held.gauge());
                }
            });
            topologies.put(id, now);
        }
    }

    /**
     * Every {@link #SWEEP}, keeps the series of the topologies {@code live} gives only: the others were deleted, and
     * no pass follows a deletion.
     */
    public void sweepWith(Supplier<? extends Collection<ResourceID>> live) {
        // read under the lock, so that a topology recorded meanwhile is among those kept
        sweeper.scheduleWithFixedDelay(() -> {
            synchronized (this) {
                keepOnly(live.get());
            }
        }, SWEEP.toMillis(), SWEEP.toMillis(), TimeUnit.MILLISECONDS);
    }

    @PreDestroy
    void stop() {
        sweeper.shutdownNow();
    }

    /** Keeps the series of these topologies only: the others were deleted. */
    synchronized void keepOnly(Collection<ResourceID> kept) {
        Set<ResourceID> keep = Set.copyOf(kept);
        topologies.entrySet().removeIf(e -> {
            if (keep.contains(e.getKey())) {
                return false;
            }
            e.getValue().values().forEach(held -> registry.remove(held.gauge()));
            return true;
        });
    }

    private Held register(ModelSample s) {
        AtomicReference<Double> value = new AtomicReference<>(s.value());
        Gauge gauge = Gauge.builder(s.name(), value, AtomicReference::get)
                .tags(s.labels().entrySet().stream().map(e -> Tag.of(e.getKey(), e.getValue())).toList())
                .description("the model's numbers of each topology (docs/operations.md, Metrics)")
                .register(registry);
        return new Held(gauge, value);
    }
}
