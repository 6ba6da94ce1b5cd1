package io.brokerwise.model.fit;

import io.brokerwise.model.service.FilterLengthModel;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.SublinearDispatchModel;
import io.brokerwise.model.service.TopicCost;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.stream.IntStream;
import org.hipparchus.exception.MathIllegalArgumentException;
import org.hipparchus.stat.inference.WilcoxonSignedRankTest;

/**
 * The service-time model the points choose, as Henjes adapts the base model where a server departs from it
 * (sec. 4.3): every candidate is fitted by NNLS and judged on points its fit did not see. Leave-one-out: each
 * point's relative error of the received rate is predicted by the candidate fitted to all the other points, and
 * a candidate's held-out error is the median over the points.
 *
 * <p>The fewest parameters win unless more do better on unseen points: among candidates with as many
 * parameters the lower held-out median wins, and a candidate with more parameters displaces the choice only
 * when its held-out median is lower and its held-out errors are lower point by point at p < 0.05 (Wilcoxon
 * signed-rank test, two-sided). Without that test a larger model that nests a smaller one wins on the smaller
 * one's data by fitting its noise (SublinearDispatch on Linear points with 3% noise: one draw in five).
 *
 * <p>A topics series adds the cost of the number of topics in each of {@link TopicCost.Form}'s forms: every model is
 * a candidate once per form, all with as many parameters, so the lower held-out median chooses the form.
 *
 * @param winner     the chosen candidate
 * @param candidates every candidate that could be fitted, in the order tried
 * @param notFitted  each candidate the points cannot determine, with why
 */
public record ModelSelection(Candidate winner, List<Candidate> candidates, List<String> notFitted) {

    /** The p-value under which a larger model's held-out errors count as lower than a smaller one's. */
    public static final double SIGNIFICANCE = 0.05;

    /**
     * Points up to which the Wilcoxon test's p-value is exact; beyond it the normal approximation is close. The
     * exact p-value enumerates all 2^n signs: at 20 points milliseconds, at 30 (Hipparchus's limit) over a thousand
     * times as long for every comparison, which stalled a calibration of 30 fitted points.
     */
    private static final int EXACT_P_UP_TO = 20;

    /**
     * A candidate model with its fit to all the points and each point's held-out relative error.
     *
     * @param topicForm  the form of the cost of topics it charges; null where the points are no topics series
     * @param parameters how many parameters its fit determines
     */
    public record Candidate(ServiceTimeModel model, TopicCost.Form topicForm, int parameters, ProfileFit fit,
                            double[] heldOutErrors) {

        public double heldOutMedianRelativeError() {
            return ProfileFit.median(heldOutErrors);
        }

        /** The model's name, with the topic cost's form where it charges one: {@code Linear + ln T}. */
        public String name() {
            return topicForm == null ? model.name() : model.name() + " + " + topicForm.formula();
        }
    }

    public ModelSelection {
        candidates = List.copyOf(candidates);
        notFitted = List.copyOf(notFitted);
    }

    /**
     * The base model (eq. 4.9), the filter-length model (eq. 4.12) where some point's filters have more than one
     * component (elsewhere it is the base model), and eq. 4.12 with a dispatch cost that falls with r.
     */
    public static List<ServiceTimeModel> candidatesFor(List<MeasuredPoint> points) {
        boolean complex = points.stream().anyMatch(p -> p.filters().components() > 1);
        return complex ? List.of(new LinearModel(), new FilterLengthModel(), new SublinearDispatchModel())
                : List.of(new LinearModel(), new SublinearDispatchModel());
    }

    public static ModelSelection select(List<MeasuredPoint> points) {
        List<Candidate> fitted = new ArrayList<>();
        List<String> notFitted = new ArrayList<>();
        List<TopicCost.Form> forms = ProfileCalibration.topicsSeries(points)
                ? List.of(TopicCost.Form.values()) : Collections.singletonList(null);
        for (ServiceTimeModel model : candidatesFor(points)) {
            for (TopicCost.Form form : forms) {
                String name = form == null ? model.name() : model.name() + " + " + form.formula();
                try {
                    fitted.add(new Candidate(model, form, ProfileCalibration.parameterNames(model, points).size(),
                            fit(model, form, points), leaveOneOut(model, form, points)));
                } catch (FitException e) {
                    notFitted.add(name + ": " + e.getMessage());
                }
            }
        }
        if (fitted.isEmpty()) {
            throw new FitException("no candidate model can be fitted: " + String.join("; ", notFitted));
        }
        return new ModelSelection(choose(fitted), fitted, notFitted);
    }

    private static Candidate choose(List<Candidate> candidates) {
        List<Candidate> bySize = candidates.stream().sorted(Comparator.comparingInt(Candidate::parameters)).toList();
        Candidate best = bySize.get(0);
        for (Candidate c : bySize.subList(1, bySize.size())) {
            boolean lower = c.heldOutMedianRelativeError() < best.heldOutMedianRelativeError();
            if (lower && (c.parameters() == best.parameters() || significantlyLower(c, best))) {
                best = c;
            }
        }
        return best;
    }

    private static boolean significantlyLower(Candidate larger, Candidate smaller) {
        int n = larger.heldOutErrors().length;
        try {
            return new WilcoxonSignedRankTest().wilcoxonSignedRankTest(larger.heldOutErrors(), smaller.heldOutErrors(),
                    n <= EXACT_P_UP_TO) < SIGNIFICANCE;
        } catch (MathIllegalArgumentException e) {
            return false; // no point where the two differ
        }
    }

    /** Each point's relative error of the received rate, predicted by the model fitted to all the others. */
    private static ProfileFit fit(ServiceTimeModel model, TopicCost.Form form, List<MeasuredPoint> points) {
        return form == null ? ProfileCalibration.fit(model, points) : ProfileCalibration.fit(model, form, points);
    }

    private static double[] leaveOneOut(ServiceTimeModel model, TopicCost.Form form, List<MeasuredPoint> points) {
        return IntStream.range(0, points.size()).mapToDouble(i -> {
            List<MeasuredPoint> others = new ArrayList<>(points);
            MeasuredPoint left = others.remove(i);
            try {
                ProfileFit fit = fit(model, form, others);
                return ProfileCalibration.quality(model, fit.parameters(), List.of(left)).relativeErrors()[0];
            } catch (FitException e) {
                throw new FitException("without point " + (i + 1) + ": " + e.getMessage());
            }
        }).toArray();
    }
}
