package io.brokerwise.model.topology;

import io.brokerwise.model.replication.ReplicationGrade;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;
import java.util.stream.IntStream;

/**
 * Capacity of PSR, SSR and the best grid as the number of subscribers or publishers grows: the
 * dissertation's figure 5.15 (PSR with k = n brokers, SSR by eq. 5.49 with l = m) and, beyond it, the
 * grid it left out, all within the broker limit.
 */
public final class CapacitySweep {

    /** One point: capacities in msgs/s offered; {@code ssrEq549} keeps E[R] copies per SSR broker. */
    public record Point(long value, double psr, double ssr, double ssrEq549, double grid, Layout bestGrid) {
    }

    private final ServiceTimeProfile profile;
    private final Objectives objectives;
    private final Limits limits;

    public CapacitySweep(ServiceTimeProfile profile, Objectives objectives, Limits limits) {
        this.profile = profile;
        this.objectives = objectives;
        this.limits = limits;
    }

    /** One point per value, each value turned into a workload; {@code progress} hears how many are done. */
    public List<Point> run(long[] values, LongFunction<Workload> workloadAt, IntConsumer progress) {
        List<Point> out = new ArrayList<>();
        for (long value : values) {
            out.add(point(value, workloadAt.apply(value)));
            progress.accept(out.size());
        }
        return out;
    }

    /** Up to {@code points} log-spaced whole values from {@code from} to {@code to}, each once. */
    public static long[] logSpaced(long from, long to, int points) {
        return IntStream.range(0, points)
                .mapToLong(i -> Math.round(from * Math.pow((double) to / from, points == 1 ? 0 : (double) i / (points - 1))))
                .distinct().toArray();
    }

    Point point(long value, Workload w) {
        TopologyEvaluator e = new TopologyEvaluator(w, profile, objectives, limits);
        int k = (int) Math.min(w.publishers(), limits.maxBrokers());
        int l = (int) Math.min(w.subscribers(), limits.maxBrokers());
        double psr = e.capacity(new Layout(k, 1));
        double ssr = e.capacity(new Layout(1, l));
        ServiceTimeProfile sized = profile.atMessageSize(w.messageSizeBytes());
        double eq549 = objectives.maxUtilization() / sized.serviceTime(w.filtersAt(1),
                ReplicationGrade.deterministic(w.meanReplicationGrade())).mean();
        Layout best = new Layout(1, 1);
        double grid = e.capacity(best);
        for (int pk = 1; pk <= k; pk++) {
            for (int sl = 1; (long) pk * sl <= limits.maxBrokers() && sl <= l; sl++) {
                double c = e.capacity(new Layout(pk, sl));
                if (c > grid) {
                    grid = c;
                    best = new Layout(pk, sl);
                }
            }
        }
        return new Point(value, psr, ssr, eq549, grid, best);
    }
}
