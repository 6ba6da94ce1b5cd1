package io.brokerwise.benchmarks.command;

import io.brokerwise.benchmarks.calibration.CalibrationRun;
import io.brokerwise.benchmarks.calibration.CalibrationSeries;
import io.brokerwise.benchmarks.calibration.ProfileManifest;
import io.brokerwise.benchmarks.calibration.ProfileOrigin;
import io.brokerwise.benchmarks.local.LocalFleet;
import io.brokerwise.benchmarks.measurement.LocalLoad;
import io.brokerwise.benchmarks.report.JsonResult;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.measure.contract.CalibrationGrid;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.measure.ProcStat;
import io.brokerwise.measure.contract.SelectorDesign;
import io.brokerwise.model.Durations;
import io.brokerwise.model.fit.FitException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code brokerwise-bench calibrate}: the sec. 4.2.2.1 series on one local broker, an NNLS fit (model's
 * ProfileCalibration) of the model asked for or, with {@code --model Auto}, of the one the points choose by held-out
 * error, checked on held-out points, written as a BrokerProfile manifest plus the raw points. Points that break the
 * validity rule stay in the raw file but out of the fit.
 */
@Command(name = "calibrate", mixinStandardHelpOptions = true,
        description = "Measure the r x m_add series on one local broker and fit t_rcv, t_fltr, t_tx.")
final class CalibrateCommand implements Callable<Integer> {

    @Option(names = "--name", required = true, description = "BrokerProfile name, also the file names")
    String name;
    @Option(names = "--out-dir", defaultValue = "profiles")
    Path outDir;
    @Mixin
    BrokerOptions brokers = new BrokerOptions();
    @Option(names = "--r", split = ",", defaultValue = "1,2,5,10,20")
    int[] rValues;
    @Option(names = "--m-add", split = ",", defaultValue = "5,10,20,40,80,160")
    int[] mAddValues;
    @Option(names = "--components", split = ",", defaultValue = "1",
            description = "components of every filter, each measured at every (r, m_add): 1 a simple selector, more a "
                    + "filter of --filter-shape; such as 1,4,8, so --model Auto can tell a cost per component apart")
    int[] components;
    @Option(names = "--filter-shape", defaultValue = "or",
            description = "how the components of longer filters combine: or, and, in (default: ${DEFAULT-VALUE})")
    SelectorDesign.Shape filterShape;
    @Option(names = "--model", defaultValue = CalibrationFit.AUTO,
            description = "the model to fit: Auto (every candidate, judged by leave-one-out error; the profile "
                    + "records each one's in status.modelSelection), Linear, FilterSharing, SuperLinear, FilterLength "
                    + "or SublinearDispatch (default: ${DEFAULT-VALUE})")
    String model;
    @Option(names = "--message-bytes", split = ",", defaultValue = "100",
            description = "message sizes, measured at every (r, m_add); two or more (at two or more r) also fit "
                    + "receiveSecondsPerByte and dispatchSecondsPerByte, such as 128,1024,8192,65536,262144")
    int[] messageSizes;
    @Option(names = "--first-warmup", defaultValue = "30s", description = "warm-up of the first point (cold JVMs)")
    String firstWarmup;
    @Option(names = "--warmup", defaultValue = "5s")
    String warmup;
    @Option(names = "--measure", defaultValue = "15s")
    String measure;
    @Option(names = "--cooldown", defaultValue = "1s")
    String cooldown;
    @Option(names = "--topics", split = ",",
            description = "a topics series (Henjes sec. 3.2.4): the load of the first m_add at the first two r spread "
                    + "over each of these topic counts (each at least 2), after the grid; the fit then charges the "
                    + "number of topics (default: none)")
    int[] topics = {};
    @Option(names = "--holdout-every", defaultValue = "4", description = "hold out every n-th point (0: none)")
    int holdoutEvery;
    @Option(names = "--keep-invalid", description = "fit points that break the validity rule too")
    boolean keepInvalid;

    @Override
    public Integer call() throws Exception {
        CalibrationFit.model(model);
        CalibrationGrid grid = new CalibrationGrid(Arrays.stream(rValues).boxed().toList(),
                Arrays.stream(mAddValues).boxed().toList(), Arrays.stream(components).boxed().toList(), filterShape,
                Arrays.stream(messageSizes).boxed().toList(), holdoutEvery, Arrays.stream(topics).boxed().toList());
        LocalLoad load = brokers.load();
        Duration pointWarmup = Durations.parse(warmup);
        Duration pointMeasure = Durations.parse(measure);
        Duration pointCooldown = Durations.parse(cooldown);
        CalibrationSeries series = new CalibrationSeries(point -> load.saturated(1, point.design(),
                point.messageBytes(), pointWarmup, pointMeasure, pointCooldown), grid, Durations.parse(firstWarmup));
        long started = System.nanoTime();
        double loadBefore = ProcStat.loadAverage();
        List<CalibrationPoint> points;
        try (LocalFleet fleet = LocalFleet.start(1, brokers.node(), load.journal(), grid.mostTopics(),
                brokers.workDir("brokerwise-cal"), System.err)) {
            points = series.run(fleet, System.err);
        }
        Duration took = Duration.ofNanos(System.nanoTime() - started);
        return write(points, took, loadBefore);
    }

    private int write(List<CalibrationPoint> points, Duration took, double loadBefore) throws Exception {
        Files.createDirectories(outDir);
        Path raw = outDir.resolve(name + ".points.json");
        Files.writeString(raw, JsonResult.text(new CalibrationRun(name, Instant.now().toString(), took.toSeconds(),
                loadBefore, "brokerwise-bench calibrate " + describe(), points)));
        System.err.printf("loadgen: %d points in %d s; raw points in %s%n", points.size(), took.toSeconds(), raw);
        CalibrationFit fit;
        try {
            fit = CalibrationFit.of(model, points, keepInvalid);
        } catch (FitException e) {
            System.err.println("loadgen: " + e.getMessage() + ": no profile written");
            return 3;
        }
        ProfileOrigin origin = new ProfileOrigin(raw.getFileName().toString(), brokers.brokerCores, brokers.cpuPeriod,
                brokers.deliveryMode, brokers.durableSubscriptions, loadBefore, took.toSeconds());
        Path manifest = outDir.resolve(name + ".yaml");
        Files.writeString(manifest, ProfileManifest.yaml(name, fit, origin));
        if (fit.selection() != null) {
            System.err.println("loadgen: model " + fit.model().name() + " " + fit.choice());
        }
        System.err.printf("loadgen: %s fit to %d points, %d held out, %d not valid: R^2 %.4f, median error %.1f%%, max "
                + "%.1f%%%s%s; profile in %s%n", fit.model().name(), fit.fitted(), fit.heldOutPoints(), fit.notValid(),
                fit.fit().rSquared(),
                100 * fit.fit().medianRelativeError(), 100 * fit.fit().maxRelativeError(), heldOut(fit), perByte(fit),
                manifest);
        return 0;
    }

    /** The check on the held-out points: median and largest error, and their mean with its 95% interval. */
    private static String heldOut(CalibrationFit fit) {
        if (fit.heldOut() == null) {
            return "";
        }
        return String.format("; held-out median error %.1f%%, max %.1f%%%s", 100 * fit.heldOut().medianRelativeError(),
                100 * fit.heldOut().maxRelativeError(), fit.heldOut().relativeErrorInterval().map(s -> String.format(
                        ", mean %.1f%% (95%% interval %.1f%% to %.1f%%)", 100 * s.mean(), 100 * s.lower(),
                        100 * s.upper())).orElse(""));
    }

    /** The fitted per-byte times and the power of the size they multiply, when the series varied the size. */
    /** What the fit charges beyond the per-message times: per byte, and for the number of topics. */
    private static String perByte(CalibrationFit fit) {
        var p = fit.fit().parameters();
        return (p.chargesSize() ? String.format("; %.3g s on receipt and %.3g s per copy, times bytes^%.2f",
                p.receiveSecondsPerByte(), p.dispatchSecondsPerByte(), p.sizeExponent()) : "")
                + (p.chargesTopics() ? "; topics cost " + p.topicCost() + " per message" : "");
    }

    private String describe() {
        return "--name " + name + " " + brokers.describe() + " --r " + join(rValues) + " --m-add "
                + join(mAddValues) + " --components " + join(components) + " --filter-shape " + filterShape
                + " --model " + model + " --message-bytes " + join(messageSizes) + " --first-warmup "
                + firstWarmup + " --warmup " + warmup + " --measure " + measure + " --cooldown " + cooldown
                + " --holdout-every " + holdoutEvery + (topics.length == 0 ? "" : " --topics " + join(topics))
                + (keepInvalid ? " --keep-invalid" : "");
    }

    private static String join(int[] values) {
        return String.join(",", Arrays.stream(values).mapToObj(Integer::toString).toList());
    }
}
