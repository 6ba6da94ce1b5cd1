package io.brokerwise.measure;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.brokerwise.model.fit.FitException;
import io.brokerwise.model.service.LinearModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The sec. 4.2.2.1 series as both calibrations measure it, and its fit on points of a known broker. */
class CalibrationGridTest {

    /** t_rcv, t_fltr and t_tx of a broker that follows eq. 4.9 exactly. */
    static final double RECEIVE = 20e-6;
    static final double FILTER = 1e-6;
    static final double DISPATCH = 5e-6;

    @Test
    void gridIsRMajorAndHoldsOutEveryNthPointFromTheSecond() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 5), List.of(10, 20, 40), 4);
        List<SelectorDesign> designs = grid.designs();
        assertEquals(List.of("1+10", "1+20", "1+40", "5+10", "5+20", "5+40"),
                designs.stream().map(d -> d.r() + "+" + d.mAdd()).toList());
        assertEquals(SelectorDesign.calibration(5, 20), designs.get(4), "simple property selectors");
        assertEquals(List.of(1, 5), heldOut(grid), "points 2 and 6, counted from 1");
        assertEquals(List.of(), heldOut(new CalibrationGrid(List.of(1, 5), List.of(10, 20, 40), 0)));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(1), List.of(5), 1));
        assertThrows(IllegalArgumentException.class, () -> new CalibrationGrid(List.of(), List.of(5), 0));
    }

    @Test
    void pointsCarryEachResultsRateAndValidity() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(0, 8), 2);
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
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2, 5, 10), List.of(5, 20, 80), 4);
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
                new CalibrationGrid(List.of(1, 2), List.of(5, 20), 0).points(measured(
                        new CalibrationGrid(List.of(1, 2), List.of(5, 20), 0), List.of())), false).heldOut());
    }

    @Test
    void tooFewValidPointsAreNoFit() {
        CalibrationGrid grid = new CalibrationGrid(List.of(1, 2), List.of(5, 20), 0);
        FitException e = assertThrows(FitException.class,
                () -> CalibrationFit.of(new LinearModel(), grid.points(measured(grid, List.of(0, 3))), false));
        assertTrue(e.getMessage().contains("2 broke the validity rule"), e.getMessage());
    }

    private static List<Integer> heldOut(CalibrationGrid grid) {
        List<Integer> out = new ArrayList<>();
        for (int i = 0; i < grid.designs().size(); i++) {
            if (grid.heldOut(i)) {
                out.add(i);
            }
        }
        return out;
    }

    /** One saturated result per point at the rate eq. 4.9 gives; the points listed broke the validity rule. */
    static List<LoadResult> measured(CalibrationGrid grid, List<Integer> notValid) {
        List<LoadResult> out = new ArrayList<>();
        List<SelectorDesign> designs = grid.designs();
        for (int i = 0; i < designs.size(); i++) {
            SelectorDesign d = designs.get(i);
            double rate = 1 / (RECEIVE + (d.r() + d.mAdd()) * FILTER + d.r() * DISPATCH);
            boolean valid = !notValid.contains(i);
            out.add(result(valid ? rate : rate / 2, valid));
        }
        return out;
    }

    static LoadResult result(double receivedPerSecond, boolean valid) {
        long sent = Math.round(receivedPerSecond * 10);
        return new LoadResult(Map.of(), 0, 0, 10, sent, sent, receivedPerSecond, receivedPerSecond, receivedPerSecond,
                sent, sent, sent, sent, List.of(), true, Map.of(), false, new double[] {valid ? 0.99 : 0.5}, 0.3, 1, 1,
                valid, valid ? List.of() : List.of("broker 0 used 50% of its CPU limit"));
    }
}
