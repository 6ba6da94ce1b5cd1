package io.brokerwise.model.fit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.service.FilterSet;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.TopicCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The cost of the number of topics, fitted from a topics series and its form chosen by held-out error. */
class TopicCostFitTest {

    private static final int SEEDS = 50;
    private static final double NOISE = 0.03;
    private static final ProfileParameters TIMES = ProfileParameters.of(6e-6, 1e-7, 8e-6);

    /** Points made with each form and 3% noise: the selection names the form in at least 90% of 50 draws. */
    @ParameterizedTest
    @EnumSource(TopicCost.Form.class)
    void picksTheFormThatMadeThePoints(TopicCost.Form truth) {
        TopicCost cost = new TopicCost(truth, truth == TopicCost.Form.PerTopic ? 5e-7 : 1e-5);
        int right = 0;
        for (long seed = 1; seed <= SEEDS; seed++) {
            ModelSelection selection = ModelSelection.select(series(cost, new Random(seed)));
            right += selection.winner().topicForm() == truth ? 1 : 0;
        }
        System.out.printf("topic cost %s: right in %d of %d draws%n", truth, right, SEEDS);
        assertTrue(right >= 0.9 * SEEDS, truth + " chosen in " + right + " of " + SEEDS);
    }

    @Test
    void theFitRecoversTheTimesAndNamesItsCandidatesByForm() {
        TopicCost cost = new TopicCost(TopicCost.Form.Saturating, 1e-5);
        ModelSelection selection = ModelSelection.select(series(cost, null));
        ProfileParameters fitted = selection.winner().fit().parameters();
        assertEquals(1e-5, fitted.topicCost().seconds(), 1e-9);
        assertEquals(TIMES.dispatchSeconds(), fitted.dispatchSeconds(), 1e-10);
        assertEquals("Linear + (1-1/T)", selection.winner().name());
        assertEquals(6, selection.candidates().size(), "two models, three forms each");
    }

    @Test
    void pointsOfOneTopicFitNoTopicCost() {
        List<MeasuredPoint> oneTopic = series(new TopicCost(TopicCost.Form.Saturating, 1e-5), null).stream()
                .filter(p -> p.topics() == 1).toList();
        ModelSelection selection = ModelSelection.select(oneTopic);
        assertNull(selection.winner().topicForm());
        assertEquals(TopicCost.NONE, selection.winner().fit().parameters().topicCost());
    }

    /**
     * The calibration grid at one topic (r in {1, 2, 5, 10, 20}, m_add in {5, 20, 80}) and the topics series: the
     * same load at r in {1, 5} over 2, 4, 8, 16 and 32 topics. Without {@code random}, exact rates.
     */
    private static List<MeasuredPoint> series(TopicCost cost, Random random) {
        ServiceTimeProfile truth = new ServiceTimeProfile("truth", new LinearModel(), TIMES.withTopicCost(cost), "test");
        List<MeasuredPoint> points = new ArrayList<>();
        for (int r : new int[] {1, 2, 5, 10, 20}) {
            for (int add : new int[] {5, 20, 80}) {
                points.add(point(truth, new FilterSet(r + add, r + add, 1), r, 1, random));
            }
        }
        for (int r : new int[] {1, 5}) {
            for (int topics : new int[] {2, 4, 8, 16, 32}) {
                points.add(point(truth, new FilterSet(r + 5, r + 5, 1), r, topics, random));
            }
        }
        return points;
    }

    private static MeasuredPoint point(ServiceTimeProfile truth, FilterSet filters, int r, int topics, Random random) {
        double seconds = truth.meanSeconds(filters, r) + truth.parameters().topicCost().secondsAt(topics);
        double noise = random == null ? 1 : 1 + NOISE * random.nextGaussian();
        return new MeasuredPoint(filters, r, noise / seconds, Double.NaN, topics);
    }
}
