package io.brokerwise.model.fit;

import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.TopicCost;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;
import java.util.stream.DoubleStream;
import java.util.stream.IntStream;
import org.hipparchus.linear.Array2DRowRealMatrix;
import org.hipparchus.linear.SingularValueDecomposition;

/**
 * Fits a service-time model to measured points (sec. 4.1): each point gives one row
 * {@code 1/rate = t_rcv + filterWork t_fltr [+ distinctWork t_fltr_diff] + r t_tx [+ sqrt(r) t_tx_sqrt]}, solved by
 * NNLS. Points
 * of a size series (message sizes that differ) add {@code + s^e t_rcv_byte + r s^e t_tx_byte}: the bytes of a
 * message are received once and dispatched with every copy. The size exponent e is not linear in the fit, so it is
 * chosen on a grid from 0.25 to 1: the exponent whose NNLS fit leaves the least squared relative error. A grid,
 * not a search, since sixteen small solves cost nothing and cannot stop in a local minimum.
 *
 * <p>Points of a topics series (the same load spread over topic counts T that differ) add {@code + w(T) t_topic},
 * w one of {@link TopicCost.Form}'s works. {@link ModelSelection} tries each form and keeps the one with the least
 * held-out error; {@link #fit(ServiceTimeModel, List)} keeps the one with the least squared relative error.
 */
public final class ProfileCalibration {

    /** The size exponents a size series is fitted at: 0.25 to 1 in steps of 0.05. */
    private static final double[] SIZE_EXPONENTS = IntStream.rangeClosed(5, 20).mapToDouble(i -> i / 20.0).toArray();

    /** A fit at one size exponent, with the squared relative error it leaves. */
    private record Solution(ProfileParameters parameters, double residual) {
    }

    private ProfileCalibration() {
    }

    /** The fit of {@code model}; for a topics series, at the topic-cost form that leaves the least error. */
    public static ProfileFit fit(ServiceTimeModel model, List<MeasuredPoint> points) {
        if (!topicsSeries(points)) {
            return fit(model, TopicCost.Form.PerTopic, points);
        }
        return Arrays.stream(TopicCost.Form.values()).map(form -> fit(model, form, points))
                .min(Comparator.comparingDouble(ProfileCalibration::squaredRelativeError)).orElseThrow();
    }

    /** The fit of {@code model}, a topics series' cost of the number of topics taking {@code topicForm}. */
    public static ProfileFit fit(ServiceTimeModel model, TopicCost.Form topicForm, List<MeasuredPoint> points) {
        Columns columns = new Columns(model, sizeSeries(points), topicsSeries(points) ? topicForm : null);
        List<String> names = columns.names();
        if (points.size() < names.size()) {
            throw new FitException("need at least " + names.size() + " points to fit " + String.join(", ", names)
                    + " of model " + model.name() + ", got " + points.size());
        }
        requireDeterminable(points.stream().map(p -> columns.row(p, 1)).toArray(double[][]::new), names);
        Solution best = columns.sized()
                ? Arrays.stream(SIZE_EXPONENTS).mapToObj(e -> solve(columns, points, e))
                        .min(Comparator.comparingDouble(Solution::residual)).orElseThrow()
                : solve(columns, points, 1);
        return quality(model, best.parameters(), points);
    }

    private static Solution solve(Columns columns, List<MeasuredPoint> points, double sizeExponent) {
        double[][] x = scaled(points.stream().map(p -> columns.row(p, sizeExponent)).toArray(double[][]::new),
                points.stream().mapToDouble(MeasuredPoint::serviceSeconds).toArray());
        double[] beta = NonNegativeLeastSquares.solve(x, unit(x.length));
        double residual = 0;
        for (double[] row : x) {
            double predicted = 0;
            for (int j = 0; j < row.length; j++) {
                predicted += row[j] * beta[j];
            }
            residual += (predicted - 1) * (predicted - 1);
        }
        return new Solution(columns.parameters(beta).withSizeExponent(sizeExponent), residual);
    }

    private static double squaredRelativeError(ProfileFit fit) {
        return Arrays.stream(fit.relativeErrors()).map(e -> e * e).sum();
    }

    /** Fit quality of given parameters on given points, e.g. held-out ones. */
    public static ProfileFit quality(ServiceTimeModel model, ProfileParameters parameters, List<MeasuredPoint> points) {
        ServiceTimeProfile profile = new ServiceTimeProfile("fit", model, parameters, "fit");
        if (parameters.chargesSize() && points.stream().anyMatch(p -> Double.isNaN(p.messageSizeBytes()))) {
            throw new FitException("a profile with per-byte times can only be checked on points with a message size");
        }
        double meanB = points.stream().mapToDouble(MeasuredPoint::serviceSeconds).average().orElse(0);
        double residual = 0;
        double total = 0;
        double[] errors = new double[points.size()];
        for (int i = 0; i < errors.length; i++) {
            MeasuredPoint p = points.get(i);
            double predicted = profile.atMessageSize(p.messageSizeBytes()).meanSeconds(p.filters(), p.replicationGrade())
                    + parameters.topicCost().secondsAt(p.topics());
            residual += Math.pow(p.serviceSeconds() - predicted, 2);
            total += Math.pow(p.serviceSeconds() - meanB, 2);
            errors[i] = Math.abs(1 / predicted - p.receivedRate()) / p.receivedRate();
        }
        double rSquared = total == 0 ? (residual == 0 ? 1 : 0) : 1 - residual / total;
        return new ProfileFit(parameters, rSquared, errors);
    }

    /** The parameters a fit of {@code model} to {@code points} determines, in the order of its columns. */
    public static List<String> parameterNames(ServiceTimeModel model, List<MeasuredPoint> points) {
        return new Columns(model, sizeSeries(points), topicsSeries(points) ? TopicCost.Form.PerTopic : null).names();
    }

    /** Whether the points spread their load over topic counts that differ, so that they can fit a topic cost. */
    public static boolean topicsSeries(List<MeasuredPoint> points) {
        return points.stream().mapToInt(MeasuredPoint::topics).distinct().count() > 1;
    }

    /** Whether the points vary the message size, so that they can tell per-byte times from per-message ones. */
    private static boolean sizeSeries(List<MeasuredPoint> points) {
        long recorded = points.stream().filter(p -> !Double.isNaN(p.messageSizeBytes())).count();
        if (recorded != 0 && recorded != points.size()) {
            throw new FitException("give the message size for every point or for none: " + recorded + " of "
                    + points.size() + " points have one");
        }
        return points.stream().mapToDouble(MeasuredPoint::messageSizeBytes).distinct().count() > 1;
    }

    /** The columns of a fit: the model's terms, the per-byte times of a size series, a topics series' cost. */
    private record Columns(ServiceTimeModel model, boolean sized, TopicCost.Form topicForm) {

        List<String> names() {
            List<String> names = new ArrayList<>(List.of("receiveSeconds", "filterSeconds"));
            if (model.chargesDistinctFilters()) {
                names.add("distinctFilterSeconds");
            }
            names.add("dispatchSeconds");
            if (model.chargesSublinearDispatch()) {
                names.add("dispatchSqrtSeconds");
            }
            if (sized) {
                names.addAll(List.of("receiveSecondsPerByte", "dispatchSecondsPerByte"));
            }
            if (topicForm != null) {
                names.add("topicSeconds");
            }
            return names;
        }

        double[] row(MeasuredPoint p, double sizeExponent) {
            DoubleStream.Builder row = DoubleStream.builder().add(1).add(model.filterWork(p.filters()));
            if (model.chargesDistinctFilters()) {
                row.add(model.distinctFilterWork(p.filters()));
            }
            row.add(p.replicationGrade());
            if (model.chargesSublinearDispatch()) {
                row.add(Math.sqrt(p.replicationGrade()));
            }
            if (sized) {
                double charged = Math.pow(p.messageSizeBytes(), sizeExponent);
                row.add(charged).add(charged * p.replicationGrade());
            }
            if (topicForm != null) {
                row.add(topicForm.work(p.topics()));
            }
            return row.build().toArray();
        }

        ProfileParameters parameters(double[] beta) {
            List<String> names = names();
            ToDoubleFunction<String> fitted = name -> names.contains(name) ? beta[names.indexOf(name)] : 0;
            ProfileParameters p = new ProfileParameters(fitted.applyAsDouble("receiveSeconds"),
                    fitted.applyAsDouble("filterSeconds"), fitted.applyAsDouble("distinctFilterSeconds"),
                    fitted.applyAsDouble("dispatchSeconds"), fitted.applyAsDouble("dispatchSqrtSeconds"), Double.NaN,
                    fitted.applyAsDouble("receiveSecondsPerByte"), fitted.applyAsDouble("dispatchSecondsPerByte"),
                    Double.NaN);
            return topicForm == null ? p : p.withTopicCost(new TopicCost(topicForm, fitted.applyAsDouble("topicSeconds")));
        }
    }

    /**
     * Least squares on B would let the slowest points dominate; dividing each row by its measured B
     * fits relative errors instead, so a 10,000 msgs/s point counts as much as a 100,000 msgs/s one.
     */
    private static double[][] scaled(double[][] x, double[] y) {
        double[][] out = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            out[i] = new double[x[i].length];
            for (int j = 0; j < x[i].length; j++) {
                out[i][j] = x[i][j] / y[i];
            }
        }
        return out;
    }

    private static double[] unit(int length) {
        double[] ones = new double[length];
        Arrays.fill(ones, 1);
        return ones;
    }

    /** Names the parameters whose terms move together in these points, so the user knows what to vary. */
    private static void requireDeterminable(double[][] x, List<String> names) {
        int full = rank(x, names.size(), -1);
        if (full == names.size()) {
            return;
        }
        List<String> tangled = new ArrayList<>();
        for (int j = 0; j < names.size(); j++) {
            if (rank(x, names.size(), j) == full) {
                tangled.add(names.get(j));
            }
        }
        throw new FitException("the points cannot tell " + String.join(", ", tangled) + " apart: their terms move "
                + "together; measure points that vary " + hint(tangled.get(tangled.size() - 1)));
    }

    private static int rank(double[][] x, int columns, int without) {
        double[][] m = new double[x.length][];
        for (int i = 0; i < x.length; i++) {
            double[] r = new double[without < 0 ? columns : columns - 1];
            for (int j = 0, k = 0; j < columns; j++) {
                if (j != without) {
                    r[k++] = x[i][j] / norm(x, j);
                }
            }
            m[i] = r;
        }
        return new SingularValueDecomposition(new Array2DRowRealMatrix(m, false)).getRank();
    }

    private static double norm(double[][] x, int column) {
        double sum = 0;
        for (double[] row : x) {
            sum += row[column] * row[column];
        }
        return sum == 0 ? 1 : Math.sqrt(sum);
    }

    private static String hint(String parameter) {
        return switch (parameter) {
            case "dispatchSeconds" -> "the replication grade r independently of the filter count";
            case "dispatchSqrtSeconds" -> "the replication grade over at least three values of r";
            case "distinctFilterSeconds" -> "the number of distinct filters independently of all filters";
            case "filterSeconds" -> "the number of filters independently of the replication grade";
            case "receiveSecondsPerByte" -> "the message size";
            case "dispatchSecondsPerByte" -> "the message size at two or more replication grades";
            case "topicSeconds" -> "the number of topics at a fixed load";
            default -> "the filter count and the replication grade";
        };
    }
}
