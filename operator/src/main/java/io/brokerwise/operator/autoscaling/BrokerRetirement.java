package io.brokerwise.operator.autoscaling;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.PubSubTopologyStatus;
import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.broker.metrics.BrokerSample;
import io.brokerwise.operator.layout.Names;
import io.brokerwise.operator.monitor.BrokerMonitor;
import io.brokerwise.operator.monitor.BrokerReading;
import io.brokerwise.operator.monitor.ScrapeTarget;
import io.brokerwise.operator.monitor.Watcher;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.brokerwise.routing.RoutingMap;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Retiring a broker in two steps (Taton et al., sec. 5.2): the routing map marks it by no longer naming it, and
 * its clients leave it at their own pace (the watcher's period, a subscriber's settling time); only once its
 * metrics show no producer and no consumer connection does the StatefulSet lose its pod. A StatefulSet removes its
 * highest ordinals first, so every pod up to the highest one whose broker still holds a client stays. A broker that
 * does not answer on its metrics port goes: there is no client to wait for that the operator can see. This holds for
 * every shrink, the autoscaler's or a changed spec's: clients see a new map only when the kubelet re-mounts it, a
 * minute or more later, and a broker removed before that takes their messages with it. Brokers are read only while
 * a shrink is pending, so a topology that does not change is never read.
 */
@ApplicationScoped
public class BrokerRetirement {

    /** How soon a broker that still holds clients is read again. */
    public static final Duration RECHECK = Duration.ofSeconds(5);

    @Inject
    BrokerMonitor monitor;

    /**
     * The broker pods to keep, of the {@code replicas} the StatefulSet has, when the routing map and the layout being
     * deployed use the first {@code routed}; {@code status.autoscaling.retiring} lists those kept beyond them. The
     * brokers are read as {@code metricsUser}, by the scraper: a broker not read yet stays until it is; one whose
     * read fails, or with no metrics user to read it as, goes.
     */
    public int keep(PubSubTopology topology, PubSubTopologyStatus status, int replicas, int routed,
                    Optional<BrokerCredentials> metricsUser) {
        Watcher watcher = Watcher.of(ResourceID.fromResource(topology), "retiring");
        if (replicas <= routed || metricsUser.isEmpty()) {
            monitor.forget(watcher);
            clear(status);
            return routed;
        }
        List<String> pods = RoutingMap.statefulSetAddresses(topology.getMetadata().getName(),
                topology.getMetadata().getNamespace(), Names.BROKER_PORT, replicas);
        List<ScrapeTarget> targets = monitor.targets(pods.subList(routed, replicas), metricsUser.get());
        monitor.watch(watcher, targets, RECHECK);
        List<String> retiring = new ArrayList<>();
        int keep = routed;
        for (int i = routed; i < replicas; i++) {
            ScrapeTarget target = targets.get(i - routed);
            boolean failing = monitor.failing(target);
            Optional<BrokerSample> sample = failing ? Optional.empty() : monitor.last(target).map(BrokerReading::sample);
            boolean unread = sample.isEmpty() && !failing;
            int producers = sample.map(BrokerSample::producerConnections).orElse(0);
            int consumers = sample.map(BrokerSample::consumerConnections).orElse(0);
            if (unread || producers + consumers > 0) {
                keep = i + 1;
            }
            retiring.add(Names.statefulSet(topology) + "-" + i + ": " + (unread ? "not read yet"
                    : producers + " producer and " + consumers + " consumer connections"));
        }
        if (keep == routed) {
            clear(status);
        } else if (status.autoscaling != null) {
            status.autoscaling.retiring = retiring.subList(0, keep - routed);
        }
        return keep;
    }

    private static void clear(PubSubTopologyStatus status) {
        if (status.autoscaling != null) {
            status.autoscaling.retiring = null;
        }
    }
}
