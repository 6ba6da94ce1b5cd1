package io.brokerwise.model.queue;

import java.util.function.DoubleUnaryOperator;
import org.hipparchus.analysis.solvers.BrentSolver;

/**
 * Inverts a decreasing tail function: finds t with ccdf(t) = target. Works on the logarithm of the
 * tail so that a target of 1e-5 or 1e-9 is found with the same relative precision as 0.1.
 */
final class TailQuantile {

    private static final int MAX_EVALUATIONS = 500;

    private TailQuantile() {
    }

    /**
     * @param logCcdf ln P(W > t), decreasing in t
     * @param target  the tail probability sought, in (0, 1)
     * @param scale   a time of the order of the answer, to start the bracket
     */
    static double solve(DoubleUnaryOperator logCcdf, double target, double scale) {
        double logTarget = Math.log(target);
        double hi = scale;
        while (logCcdf.applyAsDouble(hi) > logTarget) {
            hi *= 2;
        }
        double lo = 0;
        if (logCcdf.applyAsDouble(lo) <= logTarget) {
            return 0;
        }
        BrentSolver solver = new BrentSolver(1e-12, scale * 1e-12);
        return solver.solve(MAX_EVALUATIONS, t -> logCcdf.applyAsDouble(t) - logTarget, lo, hi);
    }
}
