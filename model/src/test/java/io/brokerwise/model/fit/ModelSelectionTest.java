package io.brokerwise.model.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.FilterLengthModel;
import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.SublinearDispatchModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ModelSelectionTest {

    private static final int SEEDS = 200;
    private static final double NOISE = 0.03;
    /** One core of the order measured for Artemis: t_rcv, t_fltr, t_tx. */
    private static final ProfileParameters LINEAR_TIMES = ProfileParameters.of(6e-6, 1e-7, 8e-6);
    /** Copies that cost about 6 us from r = 1 to 2 and 3.3 us from r = 10 to 20. */
    private static final ProfileParameters SUBLINEAR_TIMES = ProfileParameters.of(6e-6, 1e-7, 2.05e-6)
            .withDispatchSqrtSeconds(9.53e-6);

    /**
     * Points made from each candidate with 3% noise on every rate, over 200 noise draws: the selection names the
     * model that made them in at least 90% of the draws (the rates measured are printed).
     */
    @ParameterizedTest(name = "{0}, complex-filter points: {1}")
    @CsvSource({"Linear, false", "SublinearDispatch, false", "Linear, true", "FilterLength, true",
            "SublinearDispatch, true"})
    void picksTheModelThatMadeThePoints(String truth, boolean complex) {
        ServiceTimeModel model = ServiceTimeModel.named(truth);
        ProfileParameters times = model.chargesSublinearDispatch() ? SUBLINEAR_TIMES : LINEAR_TIMES;
        int right = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            ModelSelection selection = ModelSelection.select(series(model, times, complex, new Random(seed)));
            right += selection.winner().model().equals(model) ? 1 : 0;
        }
        double rate = (double) right / SEEDS;
        System.out.printf("model selection, %s points%s: right in %d of %d draws (%.1f%%)%n", truth,
                complex ? " with complex filters" : "", right, SEEDS, 100 * rate);
        assertTrue(rate >= 0.9, truth + " chosen in " + right + " of " + SEEDS);
    }

    @Test
    void everyCandidateHasItsHeldOutErrorAndTheWinnerHasTheFitToAllPoints() {
        List<MeasuredPoint> points = series(new SublinearDispatchModel(), SUBLINEAR_TIMES, true, new Random(1));
        ModelSelection selection = ModelSelection.select(points);
        assertEquals(List.of("Linear", "FilterLength", "SublinearDispatch"),
                selection.candidates().stream().map(c -> c.model().name()).toList());
        assertEquals(List.of(3, 3, 4), selection.candidates().stream().map(ModelSelection.Candidate::parameters).toList());
        for (ModelSelection.Candidate c : selection.candidates()) {
            assertEquals(points.size(), c.heldOutErrors().length);
            assertTrue(c.heldOutMedianRelativeError() >= c.fit().medianRelativeError() * 0.5, c.model().name());
        }
        assertEquals(ProfileCalibration.fit(new SublinearDispatchModel(), points).parameters(),
                selection.winner().fit().parameters());
    }

    @Test
    void aModelThePointsCannotDetermineIsNamedWithWhy() {
        List<MeasuredPoint> twoGrades = series(new LinearModel(), LINEAR_TIMES, false, new Random(1)).stream()
                .filter(p -> p.replicationGrade() <= 2).toList();
        ModelSelection selection = ModelSelection.select(twoGrades);
        assertEquals("Linear", selection.winner().model().name());
        assertEquals(1, selection.notFitted().size());
        assertTrue(selection.notFitted().get(0).startsWith("SublinearDispatch: the points cannot tell"),
                selection.notFitted().get(0));
        assertTrue(selection.notFitted().get(0).contains("at least three values of r"), selection.notFitted().get(0));
    }

    @Test
    void withoutComplexFiltersFilterLengthIsNoCandidate() {
        assertEquals(List.of(new LinearModel(), new SublinearDispatchModel()),
                ModelSelection.candidatesFor(series(new LinearModel(), LINEAR_TIMES, false, new Random(1))));
        assertTrue(ModelSelection.candidatesFor(series(new LinearModel(), LINEAR_TIMES, true, new Random(1)))
                .contains(new FilterLengthModel()));
    }

    /**
     * The calibration series: r in {1, 2, 5, 10, 20} with m_add in {5, 20, 80, 160} simple filters (20 points) and,
     * when {@code complex}, OR filters of 4 and 8 components at r in {1, 5, 20} and m_add in {20, 80} (12 more).
     */
    static List<MeasuredPoint> series(ServiceTimeModel model, ProfileParameters times, boolean complex, Random random) {
        ServiceTimeProfile truth = new ServiceTimeProfile("truth", model, times, "test");
        List<MeasuredPoint> points = new ArrayList<>();
        for (int r : new int[] {1, 2, 5, 10, 20}) {
            for (int add : new int[] {5, 20, 80, 160}) {
                points.add(point(truth, new FilterSet(r + add, r + add, 1), r, random));
            }
        }
        if (complex) {
            for (int components : new int[] {4, 8}) {
                for (int r : new int[] {1, 5, 20}) {
                    for (int add : new int[] {20, 80}) {
                        points.add(point(truth, new FilterSet(r + add, r + add, components), r, random));
                    }
                }
            }
        }
        return points;
    }

    private static MeasuredPoint point(ServiceTimeProfile truth, FilterSet filters, int r, Random random) {
        return new MeasuredPoint(filters, r, truth.receivedCapacity(filters, r) * (1 + NOISE * random.nextGaussian()));
    }
}
