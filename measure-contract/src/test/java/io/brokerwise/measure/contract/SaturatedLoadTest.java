package io.brokerwise.measure.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.topology.Workload;
import java.time.Duration;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.DoubleRange;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

/** The one load a benchmark Job and {@code brokerwise-bench run --topology} saturate a topology's brokers with. */
class SaturatedLoadTest {

    static final Workload ORDERS = new Workload(40, 400, 30, 2, 3, 4.6, ReplicationGradeDistribution.BINOMIAL,
            Double.NaN, 512);

    @Test
    void aWorkloadOnThreeRowsIsTwelvePublishersAndItsFiltersAsSubscribers() {
        Duration warmup = Duration.ofSeconds(15);
        Duration window = Duration.ofSeconds(30);
        LoadSpec load = SaturatedLoad.of(ORDERS, 3, true, true).over(warmup, window, warmup, Long.MAX_VALUE, 1);
        SelectorDesign subscribers = new SelectorDesign(5, 55, SelectorDesign.Kind.correlation,
                SelectorDesign.Shape.or, 3);
        assertEquals(new LoadSpec(12, LoadSpec.Mode.saturate, 0, true, false, subscribers, 512, warmup, window, warmup,
                Long.MAX_VALUE, 1), load);
    }

    @Test
    void filtersBeyondWhatOneLoadOpensAreRefused() {
        Workload huge = new Workload(1, 1, 1L << 31, 1, 1, 1, ReplicationGradeDistribution.BINOMIAL, Double.NaN);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SaturatedLoad.of(huge, 1, false, false));
        assertEquals("2147483648 filters (subscribers x filtersPerSubscriber) are more consumers than one load opens",
                e.getMessage());
    }

    /**
     * Whatever the workload: one subscriber per filter (one for a subscriber without filters), round(E[R]) of them
     * matching every message, tested as the workload's filters test, with its components; four publishers a row.
     */
    @Property
    void everyFilterIsOneSubscriberAndRoundedERMatch(@ForAll @IntRange(min = 1, max = 300) int subscribers,
                                                     @ForAll @IntRange(max = 8) int filtersPerSubscriber,
                                                     @ForAll @IntRange(min = 1, max = 8) int components,
                                                     @ForAll @DoubleRange(max = 1) double matching,
                                                     @ForAll @IntRange(min = 1, max = 64) int publisherGroups,
                                                     @ForAll boolean persistent,
                                                     @ForAll boolean correlationIdFilters) {
        long filters = (long) subscribers * Math.max(1, filtersPerSubscriber);
        Workload w = new Workload(10, 1, subscribers, filtersPerSubscriber, components, matching * filters,
                ReplicationGradeDistribution.BINOMIAL, Double.NaN, 100);
        SaturatedLoad load = SaturatedLoad.of(w, publisherGroups, persistent, correlationIdFilters);
        assertEquals(filters, SaturatedLoad.filters(w));
        assertEquals(filters, load.design().subscribers());
        assertEquals(Math.round(w.meanReplicationGrade()), load.design().r());
        assertEquals(correlationIdFilters ? SelectorDesign.Kind.correlation : SelectorDesign.Kind.property,
                load.design().kind());
        assertEquals(components, load.design().components());
        assertEquals(components > 1 ? SelectorDesign.Shape.or : SelectorDesign.Shape.simple, load.design().shape());
        assertEquals(SaturatedLoad.PUBLISHERS_PER_ROW * publisherGroups, load.publishers());
        assertEquals(persistent, load.persistent());
        assertEquals(100, load.messageBytes());
    }
}
