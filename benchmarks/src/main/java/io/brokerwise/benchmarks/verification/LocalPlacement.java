package io.brokerwise.benchmarks.verification;

import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.measure.contract.LoadSpec;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.topology.Layout;
import java.time.Duration;
import java.util.Optional;

/**
 * How {@code verify} places a layout's load on the local brokers started for it. Publishers: the load's
 * publishers per row; every broker of a row hears all of that row's publishers, so each broker takes as many
 * producers as the calibration's single broker did, whatever the layout (a broker's cost per received message
 * depends on how many connections it is spread over). Subscribers: one per filter, to the columns in turn.
 *
 * @param warmup          of each layout on the brokers started for it
 * @param measure         the window of every saturated run
 * @param referenceWarmup of a reference point: short, since the brokers are warm from the layout and a reference
 *                        point runs the same code paths
 */
public record LocalPlacement(LocalLoad load, SelectorDesign design, int messageBytes, Duration warmup,
                             Duration measure, Duration referenceWarmup) {

    static final Duration COOLDOWN = Duration.ofSeconds(1);

    /** The layout's saturated load. */
    LoadSpec saturated(Layout layout) {
        return load.saturated(layout.publisherGroups(), design, messageBytes, warmup, measure, COOLDOWN);
    }

    /** One cell of a layout alone on its broker ({@code verify --isolate}): its row's publishers, its filters. */
    LoadSpec isolated(IsolatedCells.Cell cell) {
        return load.saturated(1, cell.design(), messageBytes, warmup, measure, COOLDOWN);
    }

    /** A reference point on all {@code brokers} at once: each its own row of publishers, one column. */
    LoadSpec reference(ReferencePoint point, int brokers) {
        return load.saturated(brokers, point.design(), messageBytes, referenceWarmup, measure, COOLDOWN);
    }

    /**
     * The first round(E[R]) subscribers match every message, so the matching ones split evenly over the columns
     * only when l divides their number; otherwise the busiest broker dispatches more copies than the model's
     * E[R]/l (uniform interest) and the measurement says so.
     */
    Optional<String> unevenDispatch(Layout layout) {
        int l = layout.subscriberGroups();
        if (design.r() % l == 0) {
            return Optional.empty();
        }
        return Optional.of(String.format("the %d matching subscribers do not split evenly over %d columns: the busiest "
                + "broker dispatches %d copies where the model has %.2f", design.r(), l, (design.r() + l - 1) / l,
                (double) design.r() / l));
    }
}
