package io.brokerwise.cli;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.model.chart.SvgChart;
import io.brokerwise.model.topology.CapacitySweep;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import io.brokerwise.model.topology.Workload;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.IntConsumer;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Capacity of PSR, SSR (as docs/models.md sec. 7 and as Henjes eq. 5.49) and the best grid as the number of "
                + "subscribers or publishers grows: the dissertation's figure 5.15, and beyond it. Or the plan as the "
                + "message size grows: its brokers, its layout and what binds it. Writes CSV and SVG.",
        footer = {"", "The workload of the manifest is the base; the swept value replaces its publishers,",
                "subscribers or message size. E[R] stays as the manifest gives it (capped at what m subscribers",
                "can match), or with --scale-replication keeps its share of the subscribers. A message-size sweep",
                "plans at every size (CPU, network and every other constraint) and marks where the layout changes.", "",
                "Examples:", "  brokerwise sweep -f examples/topology.yaml --vary subscribers --from 10 --to 10000 "
                + "--csv sweep.csv --svg sweep.svg",
                "  brokerwise sweep -f examples/network-bound.yaml --vary messageSize --from 256 --to 262144 "
                + "--csv size.csv --svg size.svg"})
final class SweepCommand implements Callable<Integer> {

    enum Dimension { subscribers, publishers, messageSize }

    @Mixin
    TopologyInput input;

    @Option(names = "--vary", required = true, description = "subscribers, publishers or messageSize (bytes).")
    Dimension vary;

    @Option(names = "--from", required = true, description = "First value, at least 1.")
    long from;

    @Option(names = "--to", required = true, description = "Last value, at least --from.")
    long to;

    @Option(names = "--points", defaultValue = "25", description = "Log-spaced points (default: ${DEFAULT-VALUE}).")
    int points;

    @Option(names = "--scale-replication",
            description = "Keep E[R] as the same share of subscribers as in the manifest; by default E[R] stays "
                    + "fixed, as in figure 5.15.")
    boolean scaleReplication;

    @Option(names = "--csv", required = true, paramLabel = "FILE", description = "Where to write the CSV.")
    Path csv;

    @Option(names = "--svg", paramLabel = "FILE", description = "Where to write the chart.")
    Path svg;

    @Spec
    picocli.CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (from < 1 || to < from || points < 1) {
            throw new IllegalArgumentException("--from, --to, --points: need 1 <= from <= to and points >= 1, got "
                    + from + ", " + to + ", " + points);
        }
        if (vary == Dimension.messageSize && to > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("--to: a message size is at most " + Integer.MAX_VALUE + " bytes, got " + to);
        }
        TopologyInput.Loaded loaded = input.load();
        PlanningInput in = PlanningInput.of(loaded.topology());
        long[] values = CapacitySweep.logSpaced(from, to, points);
        PrintWriter err = spec.commandLine().getErr();
        IntConsumer progress = done -> err.printf("\rsweep %d/%d", done, values.length);
        String csvText;
        Supplier<String> chart;
        if (vary == Dimension.messageSize) {
            List<SizePoint> result = new ArrayList<>();
            for (long size : values) {
                result.add(new SizePoint(size, new TopologyPlanner().plan(in.workload().withMessageSize((int) size),
                        loaded.profile(), in.objectives(), in.limits(), in.mode())));
                progress.accept(result.size());
            }
            csvText = sizeCsv(result);
            chart = () -> sizeChart(result, loaded.profile().name());
        } else {
            CapacitySweep sweep = new CapacitySweep(loaded.profile(), in.objectives(), in.limits());
            List<CapacitySweep.Point> result = sweep.run(values, workloadAt(in.workload()), progress);
            csvText = csv(result);
            chart = () -> chart(result, loaded.profile().name(), in.objectives().maxUtilization());
        }
        err.println();
        Files.writeString(csv, csvText);
        if (svg != null) {
            Files.writeString(svg, chart.get());
        }
        spec.commandLine().getOut().printf("wrote %d points to %s%s%n", values.length, csv, svg == null ? "" : " and " + svg);
        return 0;
    }

    /** The plan at one message size; the layout it shows is the chosen one, or the closest when none is feasible. */
    private record SizePoint(long size, Plan plan) {
        LayoutEvaluation shown() {
            return plan.chosen().orElse(plan.closest());
        }
    }

    private LongFunction<Workload> workloadAt(Workload base) {
        double share = base.meanReplicationGrade() / base.subscribers();
        return x -> {
            long n = vary == Dimension.publishers ? x : base.publishers();
            long m = vary == Dimension.subscribers ? x : base.subscribers();
            double wanted = scaleReplication ? share * m : base.meanReplicationGrade();
            double mean = base.filtersPerSubscriber() == 0 ? m
                    : Math.min(wanted, Workload.maxReplicationGrade(m, base.filtersPerSubscriber()));
            return new Workload(n, base.ratePerPublisher(), m, base.filtersPerSubscriber(), base.filterComponents(),
                    mean, base.distribution(), base.distinctFilters(), base.messageSizeBytes());
        };
    }

    private String csv(List<CapacitySweep.Point> result) {
        StringBuilder out = new StringBuilder(vary + ",psrCapacity,ssrCapacity,ssrCapacityEq549,gridCapacity,"
                + "gridPublisherGroups,gridSubscriberGroups\n");
        for (CapacitySweep.Point p : result) {
            out.append(String.format(Locale.ROOT, "%d,%.6g,%.6g,%.6g,%.6g,%d,%d%n", p.value(), p.psr(), p.ssr(),
                    p.ssrEq549(), p.grid(), p.bestGrid().publisherGroups(), p.bestGrid().subscriberGroups()));
        }
        return out.toString();
    }

    private String chart(List<CapacitySweep.Point> result, String profile, double rho) {
        double[] x = result.stream().mapToDouble(CapacitySweep.Point::value).toArray();
        return new SvgChart(String.format(Locale.ROOT, "Capacity at utilization %.2f, %s", rho, profile),
                vary == Dimension.subscribers ? "subscribers m" : "publishers n", "capacity (msgs/s offered)", SvgChart.Scale.LOG)
                .add(series("PSR", x, result, CapacitySweep.Point::psr, SvgChart.Style.LINE))
                .add(series("SSR", x, result, CapacitySweep.Point::ssr, SvgChart.Style.LINE))
                .add(series("SSR (eq. 5.49)", x, result, CapacitySweep.Point::ssrEq549, SvgChart.Style.DASHED))
                .add(series("best grid", x, result, CapacitySweep.Point::grid, SvgChart.Style.LINE))
                .render();
    }

    private static String sizeCsv(List<SizePoint> result) {
        StringBuilder out = new StringBuilder("messageSizeBytes,feasible,brokers,topology,publisherGroups,subscriberGroups,"
                + "binding,utilization,networkUtilization\n");
        for (SizePoint p : result) {
            LayoutEvaluation e = p.shown();
            out.append(String.format(Locale.ROOT, "%d,%b,%d,%s,%d,%d,%s,%.4f,%.4f%n", p.size(), p.plan().feasible(),
                    e.brokers(), e.layout().kind().displayName(), e.layout().publisherGroups(),
                    e.layout().subscriberGroups(), p.plan().binding() == null ? "" : p.plan().binding().reason(),
                    e.utilization(), e.networkUtilization()));
        }
        return out.toString();
    }

    /** Brokers and groups of each feasible plan against the size, with a point where the layout changes. */
    private static String sizeChart(List<SizePoint> result, String profile) {
        List<SizePoint> feasible = result.stream().filter(p -> p.plan().feasible()).toList();
        if (feasible.isEmpty()) {
            throw new IllegalArgumentException("no message size in the range has a feasible plan: nothing to draw");
        }
        List<double[]> changes = new ArrayList<>();
        for (int i = 1; i < feasible.size(); i++) {
            if (!feasible.get(i).shown().layout().equals(feasible.get(i - 1).shown().layout())) {
                changes.add(new double[] {feasible.get(i).size(), feasible.get(i).shown().brokers()});
            }
        }
        double[] x = feasible.stream().mapToDouble(SizePoint::size).toArray();
        SvgChart chart = new SvgChart("Plan by message size, " + profile, "message size (bytes)", "brokers, groups",
                SvgChart.Scale.LOG)
                .add(new SvgChart.Series("brokers", x, feasible.stream().mapToDouble(p -> p.shown().brokers()).toArray(),
                        SvgChart.Style.LINE))
                .add(new SvgChart.Series("publisher groups k", x,
                        feasible.stream().mapToDouble(p -> p.shown().layout().publisherGroups()).toArray(), SvgChart.Style.DASHED))
                .add(new SvgChart.Series("subscriber groups l", x,
                        feasible.stream().mapToDouble(p -> p.shown().layout().subscriberGroups()).toArray(), SvgChart.Style.DASHED));
        if (!changes.isEmpty()) {
            chart.add(SvgChart.Series.of("layout changes", changes, SvgChart.Style.POINTS));
        }
        return chart.render();
    }

    private static SvgChart.Series series(String name, double[] x, List<CapacitySweep.Point> result,
                                          java.util.function.ToDoubleFunction<CapacitySweep.Point> y, SvgChart.Style style) {
        return new SvgChart.Series(name, x, result.stream().mapToDouble(y).toArray(), style);
    }
}
