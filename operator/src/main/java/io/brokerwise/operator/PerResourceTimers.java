package io.brokerwise.operator;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;

/**
 * JOSDK times each reconcile pass per resource and asks every such timer for client-side percentiles and a
 * percentile histogram: some 70 buckets and a ring of HdrHistograms per topology, kept for minutes after the topology
 * is gone. With 200 topologies they filled most of the operator's heap. Per resource, a count, a sum and a maximum
 * are what means something (percentiles of a few passes do not, and cannot be aggregated across resources), so
 * JOSDK's timers keep those only.
 */
public class PerResourceTimers {

    static final String JOSDK_METERS = "operator.sdk.";

    @Produces
    @Singleton
    MeterFilter withoutHistograms() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                return id.getName().startsWith(JOSDK_METERS)
                        ? DistributionStatisticConfig.builder().percentiles().percentilesHistogram(false).build()
                                .merge(config)
                        : config;
            }
        };
    }
}
