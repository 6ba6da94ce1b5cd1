package io.brokerwise.model.fit;

import java.util.ArrayList;
import java.util.List;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.ArrayRealVector;
import org.hipparchus.linear.QRDecomposition;
import org.hipparchus.linear.RealMatrix;
import org.hipparchus.linear.RealVector;

/**
 * min ||X beta - y|| subject to beta >= 0 (eq. 4.8), by the active-set algorithm of Lawson and Hanson,
 * the one behind MATLAB's LSQNONNEG that the dissertation used (sec. 4.1). Hipparchus has least
 * squares but no non-negativity constraint; the unconstrained sub-problems use its QR decomposition.
 */
public final class NonNegativeLeastSquares {

    private NonNegativeLeastSquares() {
    }

    public static double[] solve(double[][] x, double[] y) {
        RealMatrix a = new Array2DRowRealMatrix(x, false);
        RealVector b = new ArrayRealVector(y, false);
        int n = a.getColumnDimension();
        double tolerance = 10 * Math.ulp(1.0) * a.getNorm1() * Math.max(a.getRowDimension(), n);
        boolean[] passive = new boolean[n];
        double[] beta = new double[n];
        for (int outer = 0; outer < 3 * n + 10; outer++) {
            RealVector gradient = a.transpose().operate(b.subtract(a.operate(new ArrayRealVector(beta, false))));
            int entering = mostPositive(gradient, passive, tolerance);
            if (entering < 0) {
                return beta;
            }
            passive[entering] = true;
            beta = innerLoop(a, b, passive, beta);
        }
        throw new IllegalStateException("NNLS did not converge");
    }

    /** Solve on the passive set; step back towards feasibility while a coefficient would go negative. */
    private static double[] innerLoop(RealMatrix a, RealVector b, boolean[] passive, double[] beta) {
        while (true) {
            double[] z = unconstrained(a, b, passive);
            double step = 1;
            boolean feasible = true;
            for (int j = 0; j < z.length; j++) {
                if (passive[j] && z[j] <= 0) {
                    feasible = false;
                    step = Math.min(step, beta[j] / (beta[j] - z[j]));
                }
            }
            if (feasible) {
                return z;
            }
            for (int j = 0; j < z.length; j++) {
                beta[j] += step * (z[j] - beta[j]);
                if (passive[j] && beta[j] <= 1e-300) {
                    passive[j] = false;
                    beta[j] = 0;
                }
            }
        }
    }

    private static double[] unconstrained(RealMatrix a, RealVector b, boolean[] passive) {
        List<Integer> columns = new ArrayList<>();
        for (int j = 0; j < passive.length; j++) {
            if (passive[j]) {
                columns.add(j);
            }
        }
        int[] rows = new int[a.getRowDimension()];
        for (int i = 0; i < rows.length; i++) {
            rows[i] = i;
        }
        RealMatrix sub = a.getSubMatrix(rows, columns.stream().mapToInt(Integer::intValue).toArray());
        RealVector solution = new QRDecomposition(sub).getSolver().solve(b);
        double[] z = new double[passive.length];
        for (int k = 0; k < columns.size(); k++) {
            z[columns.get(k)] = solution.getEntry(k);
        }
        return z;
    }

    private static int mostPositive(RealVector gradient, boolean[] passive, double tolerance) {
        int best = -1;
        double max = tolerance;
        for (int j = 0; j < passive.length; j++) {
            if (!passive[j] && gradient.getEntry(j) > max) {
                max = gradient.getEntry(j);
                best = j;
            }
        }
        return best;
    }
}
