package io.brokerwise.benchmarks.planner;

import io.brokerwise.model.replication.ReplicationGradeDistribution;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyMode;
import io.brokerwise.model.topology.Topic;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * One Auto plan (search over k x l with k l <= 1,024) per invocation, sampled so JMH reports the median.
 * The scenarios span n and m up to 100,000 and plans from a few to about a thousand brokers; the
 * waiting-time bound is on, since it is the costly check. {@code 20-topics} spreads the load of {@code n100k-m100k}
 * over twenty topics of one layout (5,000 publishers and subscribers each): its plan also plans each topic apart,
 * for the note on what sharing saves.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class PlannerBenchmark {

    /** n publishers x rate, m subscribers, E[R]: chosen so the plans need few to many brokers. */
    @Param({"n100k-m100k", "n100k-m1k", "n1k-m100k", "n100-m100", "n100k-m100k-infeasible", "20-topics"})
    public String scenario;

    private List<Topic> topics;
    private final ServiceTimeProfile profile = BuiltInProfiles.find("henjes-activemq", "ApplicationProperty").orElseThrow();
    private final Objectives objectives = new Objectives(0.8, 0.9999, 0.01);
    private final Limits limits = Limits.brokers(1024);
    private final TopologyPlanner planner = new TopologyPlanner();

    @Setup
    public void setUp() {
        topics = switch (scenario) {
            case "n100k-m100k" -> one(workload(100_000, 0.1, 100_000, 10));
            case "n100k-m1k" -> one(workload(100_000, 0.5, 1_000, 10));
            case "n1k-m100k" -> one(workload(1_000, 5, 100_000, 50));
            case "n100-m100" -> one(workload(100, 50, 100, 5));
            case "n100k-m100k-infeasible" -> one(workload(100_000, 10, 100_000, 10));
            case "20-topics" -> IntStream.range(0, 20)
                    .mapToObj(i -> Topic.of("t" + i, workload(5_000, 0.1, 5_000, 10))).toList();
            default -> throw new IllegalArgumentException(scenario);
        };
    }

    private static List<Topic> one(Workload workload) {
        return List.of(Topic.of("topic", workload));
    }

    private static Workload workload(long n, double rate, long m, double meanR) {
        return new Workload(n, rate, m, 1, 1, meanR, ReplicationGradeDistribution.BINOMIAL, Double.NaN);
    }

    @Benchmark
    public Plan autoPlan() {
        return planner.plan(topics, profile, objectives, limits, TopologyMode.auto());
    }
}
