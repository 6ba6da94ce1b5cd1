package io.brokerwise.benchmarks.verification;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/**
 * One layout's verdict in {@code verify}'s JSON, its parts side by side in one object: the capacity against the
 * prediction, and where they apply, the uneven dispatch note, the prediction at the measured speed, the planned
 * layout's latency, the alternative against the planned layout and, on the planned layout's, ANOVA over all.
 *
 * @param rejectedBecause why the planner did not choose it; absent for the planned layout
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record LayoutVerdict(String layout, boolean planned, String rejectedBecause,
                            @JsonUnwrapped CapacityVerdict capacity, String note,
                            @JsonUnwrapped AtMeasuredSpeed atMeasuredSpeed, List<LatencyAtLoad> latency,
                            @JsonUnwrapped AgainstPlanned againstPlanned, @JsonUnwrapped AmongLayouts amongLayouts) {
}
