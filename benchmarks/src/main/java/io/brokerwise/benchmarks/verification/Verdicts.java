package io.brokerwise.benchmarks.verification;

import io.brokerwise.model.topology.Layout;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** {@code verify}'s verdicts on its measured layouts, the planned layout first. */
public final class Verdicts {

    private Verdicts() {
    }

    /**
     * Each layout's capacity against its prediction, rescaled by its reference points when there are some;
     * each alternative against the planned layout, and with three layouts or more, ANOVA over all of them on the
     * planned layout's verdict.
     */
    public static List<LayoutVerdict> judge(VerificationPlan plan, LocalPlacement placement, List<LayoutRuns> runs,
                                            double tolerance, Optional<ReferencePoint> reference) {
        boolean plannedFirst = !runs.isEmpty() && runs.get(0).planned();
        List<LayoutVerdict> verdicts = new ArrayList<>();
        for (int i = 0; i < runs.size(); i++) {
            LayoutRuns l = runs.get(i);
            Layout layout = l.evaluation().layout();
            verdicts.add(new LayoutVerdict(layout.toString(), l.planned(), plan.rejectedBecause(layout).orElse(null),
                    l.judge(tolerance), placement.unevenDispatch(layout).orElse(null),
                    reference.map(point -> AtMeasuredSpeed.of(point, plan.profile(), l)).orElse(null),
                    l.latency().isEmpty() ? null : l.latency(),
                    plannedFirst && i > 0 ? AgainstPlanned.of(l, runs.get(0)) : null,
                    plannedFirst && i == 0 && runs.size() > 2 ? AmongLayouts.of(runs) : null));
        }
        return verdicts;
    }
}
