package io.brokerwise.measure.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.fit.FitException;
import io.brokerwise.model.fit.ModelSelection;
import io.brokerwise.model.fit.ProfileCalibration;
import io.brokerwise.model.service.LinearModel;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The sec. 4.2.2.1 series as both calibrations measure it, and its fit on points of a known broker. */
class CalibrationGridTest {

    /** t_rcv, t_fltr and t_tx of a broker that follows eq. 4.9 exactly. */
    static final double RECEIVE = 20e-6;
    static final double FILTER = 1e-6;
    static final double DISPATCH = 5e-6;
    /** The per-byte times of a size series' broker: on receipt, and per dispatched copy. */
    static final double RECEIVE_PER_BYTE = 3e-10;
    static final double DISPATCH_PER_BYTE = 1.5e-10;
    static final List<Integer> ONE_SIZE = List.of(100);

    @Test
    void gridIsRMajorAndHoldsOutEveryNthPointFromTheSecond() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5), List.of(10, 20, 40), ONE_SIZE, 4);
        List<CalibrationGrid.Point> series = grid.series();
        assertEquals(List.of("1+10", "1+20", "1+40", "5+10", "5+20", "5+40"),
                series.stream().map(p -> p.design().r() + "+" + p.design().mAdd()).toList());
        assertEquals(SelectorDesign.calibration(5, 20), series.get(4).design(), "simple property selectors");
        assertEquals(List.of(1, 5), heldOut(grid), "points 2 and 6, counted from 1");
        assertEquals(List.of(), heldOut(new CalibrationGrid(List.of(1, 5), List.of(10, 20, 40), ONE_SIZE, 0)));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), ONE_SIZE, 1));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(), List.of(5), ONE_SIZE, 0));
    }

    /** The topics series comes after the grid, at its first m_add and first two r, and its points carry T. */
    @Test
    void aTopicsSeriesFollowsTheGridAtTheFirstMaddAndTwoReplicationGrades() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5, 10), List.of(10, 20), List.of(1),
                SelectorDesign.Shape.or, ONE_SIZE, 0, List.of(2, 8));
        List<CalibrationGrid.Point> series = grid.series();
        assertEquals(List.of("1+10/1", "1+20/1", "5+10/1", "5+20/1", "10+10/1", "10+20/1", "1+10/2", "1+10/8", "5+10/2",
                "5+10/8"), series.stream().map(p -> p.design().r() + "+" + p.design().mAdd() + "/" + p.topics()).toList());
        assertEquals(8, grid.mostTopics());
        CalibrationPoint last = grid.points(measured(grid, List.of())).get(9);
        assertEquals(8, last.topics());
        assertEquals(8, last.measured().topics());
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), List.of(1),
                SelectorDesign.Shape.or, ONE_SIZE, 0, List.of(1)), "a series of one topic is the grid itself");
    }

    @Test
    void pointsCarryEachResultsRateAndValidity() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(0, 8), ONE_SIZE, 2);
        List<LoadResult> results = measured(grid, List.of(2));
        List<CalibrationPoint> points = grid.points(results);
        assertEquals(4, points.size());
        assertEquals(2, points.get(2).r());
        assertEquals(0, points.get(2).mAdd());
        assertEquals(results.get(2).receivedPerSecond(), points.get(2).receivedPerSecond());
        assertTrue(!points.get(2).valid() && points.get(0).valid());
        assertTrue(points.get(1).heldOut() && points.get(3).heldOut() && !points.get(0).heldOut());
        assertThrows(IllegalArgumentException.class, () -> grid.points(results.subList(0, 3)));
    }

    @Test
    void fitRecoversTheBrokersTimesFromValidPointsAndChecksThemOnTheHeldOut() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5, 10), List.of(5, 20, 80), ONE_SIZE, 4);
        // point 4 broke the validity rule, and its rate is off by half: the fit must not see it
        List<LoadResult> results = measured(grid, List.of(4));
        CalibrationFit fit = CalibrationFit.of(new LinearModel(), grid.points(results), false);
        assertEquals(12 - 3 - 1, fit.fitted());
        assertEquals(3, fit.heldOutPoints());
        assertEquals(1, fit.notValid());
        assertEquals(RECEIVE, fit.fit().parameters().receiveSeconds(), 1e-9);
        assertEquals(FILTER, fit.fit().parameters().filterSeconds(), 1e-10);
        assertEquals(DISPATCH, fit.fit().parameters().dispatchSeconds(), 1e-9);
        assertEquals(1.0, fit.fit().rSquared(), 1e-9);
        assertEquals(0.0, fit.heldOut().medianRelativeError(), 1e-6);

        CalibrationFit withInvalid = CalibrationFit.of(new LinearModel(), grid.points(results), true);
        assertTrue(withInvalid.fit().rSquared() < 0.99, "the invalid point spoils the fit when kept");
        assertNull(CalibrationFit.of(new LinearModel(),
                new CalibrationGrid(List.of(1, 2), List.of(5, 20), ONE_SIZE, 0).points(measured(
                        new CalibrationGrid(List.of(1, 2), List.of(5, 20), ONE_SIZE, 0), List.of())), false).heldOut());
    }

    /** Sizes innermost: consecutive points share their subscribers, and drift spreads over the sizes. */
    @Test
    void sizeSeriesMeasuresEverySizeAtEachPointAndPointsCarryTheirSize() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5), List.of(10), List.of(128, 65_536), 0);
        assertEquals(List.of("1+10@128", "1+10@65536", "5+10@128", "5+10@65536"), grid.series().stream()
                .map(p -> p.design().r() + "+" + p.design().mAdd() + "@" + p.messageBytes()).toList());
        List<CalibrationPoint> points = grid.points(measured(grid, List.of()));
        assertEquals(65_536, points.get(3).messageBytes());
        assertEquals(65_536, points.get(3).measured().messageSizeBytes());
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), List.of(), 0));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), List.of(-1), 0));
    }

    /**
     * A size series, 128 B to 256 KB at three replication grades, of a broker whose time grows with the bytes on
     * receipt and per copy, measured with 2% noise: the fit gives back the per-byte times, and the held-out
     * points, spread over the sizes, stay within 10% (the bound the measured series must meet as well).
     */
    @Test
    void sizeSeriesFitsThePerByteTimesAndHoldsOnTheHeldOutSizes() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5, 10), List.of(5, 40),
                List.of(128, 1024, 8192, 65_536, 262_144), 4);
        java.util.Random noise = new java.util.Random(7);
        List<LoadResult> results = new ArrayList<>();
        for (CalibrationGrid.Point p : grid.series()) {
            SelectorDesign d = p.design();
            double b = RECEIVE + RECEIVE_PER_BYTE * p.messageBytes() + (d.r() + d.mAdd()) * FILTER
                    + d.r() * (DISPATCH + DISPATCH_PER_BYTE * p.messageBytes());
            results.add(result(1 / b * (1 + 0.02 * noise.nextGaussian()), true));
        }
        CalibrationFit fit = CalibrationFit.of(new LinearModel(), grid.points(results), false);
        assertEquals(RECEIVE_PER_BYTE, fit.fit().parameters().receiveSecondsPerByte(), 0.1 * RECEIVE_PER_BYTE);
        assertEquals(DISPATCH_PER_BYTE, fit.fit().parameters().dispatchSecondsPerByte(), 0.1 * DISPATCH_PER_BYTE);
        assertTrue(fit.heldOut().maxRelativeError() < 0.10, "held-out max " + fit.heldOut().maxRelativeError());
    }

    /** Lengths inside m_add and outside sizes: every length at each (r, m_add), drift spread over the lengths. */
    @Test
    void complexFilterPointsMeasureEveryLengthAtEachPoint() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5), List.of(10), List.of(1, 4), SelectorDesign.Shape.in,
                List.of(128, 1024), 0);
        assertEquals(List.of("1+10x1@128", "1+10x1@1024", "1+10x4@128", "1+10x4@1024", "5+10x1@128", "5+10x1@1024",
                "5+10x4@128", "5+10x4@1024"), grid.series().stream().map(p -> p.design().r() + "+" + p.design().mAdd()
                + "x" + p.design().components() + "@" + p.messageBytes()).toList());
        assertEquals(SelectorDesign.Shape.simple, grid.series().get(0).design().shape(), "one component: simple");
        assertEquals(new SelectorDesign(1, 10, SelectorDesign.Kind.property, SelectorDesign.Shape.in, 4),
                grid.series().get(2).design());
        List<CalibrationPoint> points = grid.points(measured(grid, List.of()));
        assertEquals(4, points.get(3).components());
        assertEquals(4, points.get(3).measured().filters().components());
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), List.of(0),
                SelectorDesign.Shape.or, ONE_SIZE, 0));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), List.of(1, 4),
                SelectorDesign.Shape.simple, ONE_SIZE, 0));
    }

    /**
     * The series of a broker that follows one candidate model, measured with 2% noise, fitted with model Auto:
     * the points that entered the fit choose that model in at least 18 of 20 noise draws, every candidate's
     * leave-one-out error is kept, and the held-out points check the chosen model's fit.
     */
    @ParameterizedTest(name = "{0}, filter components {1}")
    @CsvSource({"Linear, 1", "Linear, 1 4 8", "FilterLength, 1 4 8", "SublinearDispatch, 1", "SublinearDispatch, 1 8"})
    void autoChoosesTheModelOfTheBrokerAndChecksItOnTheHeldOutPoints(String truth, String components) {
        ServiceTimeModel model = ServiceTimeModel.named(truth);
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5, 10, 20), List.of(5, 20, 80, 160),
                java.util.Arrays.stream(components.split(" ")).map(Integer::valueOf).toList(), SelectorDesign.Shape.or,
                ONE_SIZE, 4);
        int right = 0;
        for (long seed = 1; seed <= 20; seed++) {
            List<CalibrationPoint> points = grid.points(measured(grid, model, new Random(seed)));
            CalibrationFit fit = CalibrationFit.of(CalibrationFit.AUTO, points, false);
            right += fit.model().equals(model) ? 1 : 0;
            ModelSelection selection = fit.selection();
            assertEquals(fit.model(), selection.winner().model());
            assertEquals(ModelSelection.candidatesFor(points.stream().filter(p -> !p.heldOut())
                    .map(CalibrationPoint::measured).toList()), selection.candidates().stream()
                    .map(ModelSelection.Candidate::model).toList(), "every candidate judged");
            assertEquals(fit.fitted(), selection.winner().heldOutErrors().length, "left out one by one: fitted points");
            assertEquals(ProfileCalibration.quality(fit.model(), fit.fit().parameters(), points.stream()
                            .filter(CalibrationPoint::heldOut).map(CalibrationPoint::measured).toList())
                    .medianRelativeError(), fit.heldOut().medianRelativeError(), 1e-12, "checked on the chosen model");
            assertTrue(fit.choice().startsWith("chosen by leave-one-out median error (Linear "), fit.choice());
        }
        assertTrue(right >= 18, truth + " chosen in " + right + " of 20 draws");
    }

    @Test
    void aModelAskedForIsFittedWithoutChoosingAndAnUnknownNameNamesAuto() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(5, 20, 80), ONE_SIZE, 0);
        List<CalibrationPoint> points = grid.points(measured(grid, List.of()));
        CalibrationFit linear = CalibrationFit.of("Linear", points, false);
        assertEquals(new LinearModel(), linear.model());
        assertNull(linear.selection());
        assertEquals("", linear.choice());
        CalibrationFit auto = CalibrationFit.of("auto", points, false);
        assertEquals(new LinearModel(), auto.model(), "two replication grades cannot show a falling copy cost");
        assertTrue(auto.choice().contains("not fitted: SublinearDispatch: the points cannot tell"), auto.choice());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> CalibrationFit.model("Quadratic"));
        assertTrue(e.getMessage().contains("'Quadratic'") && e.getMessage().endsWith("SublinearDispatch, or Auto"),
                e.getMessage());
    }

    @Test
    void tooFewValidPointsAreNoFit() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(5, 20), ONE_SIZE, 0);
        FitException e = assertThrows(FitException.class,
                () -> CalibrationFit.of(new LinearModel(), grid.points(measured(grid, List.of(0, 3))), false));
        assertTrue(e.getMessage().contains("2 broke the validity rule"), e.getMessage());
    }

    private static List<Integer> heldOut(CalibrationGrid grid) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < grid.series().size(); i++) {
            if (grid.heldOut(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** One saturated result per point at the rate eq. 4.9 gives; the points listed broke the validity rule. */
    static List<LoadResult> measured(CalibrationGrid grid, List<Integer> notValid) {
        List<LoadResult> out = new ArrayList<>();
        List<CalibrationGrid.Point> series = grid.series();
        for (int i = 0; i < series.size(); i++) {
            SelectorDesign d = series.get(i).design();
            double rate = 1 / (RECEIVE + (d.r() + d.mAdd()) * FILTER + d.r() * DISPATCH);
            boolean valid = !notValid.contains(i);
            out.add(result(valid ? rate : rate / 2, valid));
        }
        return out;
    }

    /** One saturated, valid result per point from a broker that follows {@code model}, with 2% noise. */
    static List<LoadResult> measured(CalibrationGrid grid, ServiceTimeModel model, Random noise) {
        ProfileParameters times = model.chargesSublinearDispatch()
                ? ProfileParameters.of(RECEIVE, FILTER / 10, 2e-6).withDispatchSqrtSeconds(9.5e-6)
                : ProfileParameters.of(RECEIVE, FILTER / 10, DISPATCH);
        ServiceTimeProfile broker = new ServiceTimeProfile("broker", model, times, "test");
        return grid.points(measured(grid, List.of())).stream().map(p -> result(broker.receivedCapacity(
                p.measured().filters(), p.r()) * (1 + 0.02 * noise.nextGaussian()), true)).toList();
    }

    static LoadResult result(double receivedPerSecond, boolean valid) {
        long sent = Math.round(receivedPerSecond * 10);
        MeasuredLoad load = new MeasuredLoad("1x1", 1, 1, "0/1", 1, LoadSpec.Mode.saturate, null, "NonPersistent", false, 1,
                5, SelectorDesign.Kind.property, SelectorDesign.Shape.simple, 1, 100, 5, 10, 1);
        return new LoadResult(load, 0, 0, 10, sent, sent, receivedPerSecond, receivedPerSecond, receivedPerSecond,
                sent, sent, sent, sent, List.of(), true, LatencyPercentiles.NONE, false, new double[] {valid ? 0.99 : 0.5}, 0.3, 1, 1,
                valid, valid ? List.of() : List.of("broker 0 used 50% of its CPU limit"));
    }
}
