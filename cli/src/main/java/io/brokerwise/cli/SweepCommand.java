package io.brokerwise.cli;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.report.SvgChart;
import io.brokerwise.model.topology.CapacitySweep;
import io.brokerwise.model.topology.Workload;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.function.LongFunction;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "sweep", mixinStandardHelpOptions = true,
        description = "Capacity of PSR, SSR (as docs/models.md sec. 7 and as Henjes eq. 5.49) and the best grid as the number of "
                + "subscribers or publishers grows: the dissertation's figure 5.15, and beyond it. Writes CSV and SVG.",
        footer = {"", "The workload of the manifest is the base; the swept count replaces its publishers or",
                "subscribers. E[R] stays as the manifest gives it (capped at what m subscribers can match),",
                "or with --scale-replication keeps its share of the subscribers.", "",
                "Example:", "  brokerwise sweep -f examples/topology.yaml --vary subscribers --from 10 --to 10000 "
                + "--csv sweep.csv --svg sweep.svg"})
final class SweepCommand implements Callable<Integer> {

    enum Dimension { subscribers, publishers }

    @Mixin
    TopologyInput input;

    @Option(names = "--vary", required = true, description = "subscribers or publishers.")
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
        TopologyInput.Loaded loaded = input.load();
        PlanningInput in = PlanningInput.from(loaded.topology().getSpec());
        CapacitySweep sweep = new CapacitySweep(loaded.profile(), in.objectives(), in.limits());
        PrintWriter err = spec.commandLine().getErr();
        List<CapacitySweep.Point> result = sweep.run(from, to, points, workloadAt(in.workload()),
                done -> err.printf("\rsweep %d/%d", done, points));
        err.println();
        Files.writeString(csv, csv(result));
        if (svg != null) {
            Files.writeString(svg, chart(result, loaded.profile().name(), in.objectives().maxUtilization()));
        }
        spec.commandLine().getOut().printf("wrote %d points to %s%s%n", result.size(), csv, svg == null ? "" : " and " + svg);
        return 0;
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
                    mean, base.distribution(), base.distinctFilters());
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

    private static SvgChart.Series series(String name, double[] x, List<CapacitySweep.Point> result,
                                          java.util.function.ToDoubleFunction<CapacitySweep.Point> y, SvgChart.Style style) {
        return new SvgChart.Series(name, x, result.stream().mapToDouble(y).toArray(), style);
    }
}
