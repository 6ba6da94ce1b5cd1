package io.brokerwise.operator.benchmark;

import io.brokerwise.operator.WorkflowInputs;
import io.brokerwise.api.v1alpha1.BenchmarkRun;
import io.brokerwise.api.v1alpha1.BenchmarkRunStatus.Phase;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.CalibrationSpec;
import io.brokerwise.measure.contract.CalibrationFit;
import io.brokerwise.measure.contract.CalibrationPoint;
import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.model.fit.FitException;
import io.brokerwise.operator.Informers;
import io.brokerwise.operator.temporary.TemporaryBrokers;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.fabric8.kubernetes.client.KubernetesClientException;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Calibrate run: waits (Pending, BrokerStarting) until its temporary broker is Ready, runs the series as a
 * benchmark Job against it (Running), fits the points and writes the named BrokerProfile with the raw points beside
 * it (Succeeded, Calibrated), or fails with the reason. A profile of that name that no calibration wrote is never
 * touched: the run fails at once (ProfileNotCalibrated).
 */
final class Calibration {

    static final String PROFILE_NOT_CALIBRATED = "ProfileNotCalibrated";
    /** Artemis names its version when it starts: "AMQ221001: Apache ActiveMQ Artemis Message Broker version 2.56.0". */
    private static final Pattern VERSION = Pattern.compile("Message Broker version (\\d[\\w.-]*)");
    /** The start of a broker's log, where that line is. */
    private static final int LOG_HEAD_BYTES = 64 * 1024;

    private Calibration() {
    }

    static void step(BenchmarkRun run, Context<BenchmarkRun> context, RunProgress progress) {
        Optional<String> refused = handWritten(run, context);
        if (refused.isPresent()) {
            progress.fail(PROFILE_NOT_CALIBRATED, refused.get());
            return;
        }
        BenchmarkDesign design;
        try {
            design = CalibrationDesign.of(run, System.currentTimeMillis());
        } catch (IllegalArgumentException e) {
            progress.fail("InvalidRun", e.getMessage());
            return;
        }
        WorkflowInputs.put(context, design);
        TemporaryBrokers broker = TemporaryBrokers.forCalibration(run);
        broker.keep(run, context);
        if (progress.status.phase == Phase.Running) {
            BenchmarkRunReconciler.follow(run, context, progress, started(run, design),
                    results -> write(run, context, progress, results));
            return;
        }
        Optional<String> starting = TemporaryBrokersStart.waiting(run, broker, context, "a node that "
                + "spec.calibration.placement selects, with calibration.broker's CPU and memory free");
        if (starting.isPresent()) {
            progress.pending(TemporaryBrokersStart.REASON, starting.get());
            return;
        }
        progress.status.layout = "1x1";
        progress.status.job = BenchmarkJob.name(run);
        progress.status.startTime = Instant.now().toString();
        progress.running("Started", started(run, design));
    }

    private static String started(BenchmarkRun run, BenchmarkDesign design) {
        return "measuring the " + design.plan().points().size() + " points of the calibration series on the "
                + "temporary broker " + Names.statefulSet(TemporaryBrokers.name(run)) + "-0";
    }

    /** Why the profile to write must be left alone: it exists and no calibration wrote it. */
    private static Optional<String> handWritten(BenchmarkRun run, Context<BenchmarkRun> context) {
        String name = run.getSpec().calibration.profileName;
        return Informers.get(context, BrokerProfile.class, BenchmarkRunReconciler.PROFILES, name,
                        run.getMetadata().getNamespace())
                .filter(p -> !CalibratedProfile.writtenByCalibration(p))
                .map(p -> "BrokerProfile " + name + " exists and no calibration wrote it; a calibration never overwrites "
                        + "such a profile: name another in calibration.profileName, or delete it");
    }

    private static void write(BenchmarkRun run, Context<BenchmarkRun> context, RunProgress progress,
                              List<LoadResult> results) {
        CalibrationSpec c = run.getSpec().calibration;
        List<CalibrationPoint> points = CalibrationDesign.grid(c).points(results);
        CalibrationFit fit;
        try {
            fit = CalibrationFit.of(c.model.name(), points, Boolean.TRUE.equals(c.keepInvalid));
        } catch (FitException e) {
            progress.fail("FitFailed", e.getMessage());
            return;
        }
        KubernetesClient client = context.getClient();
        Optional<Pod> broker = Optional.ofNullable(client.pods().inNamespace(run.getMetadata().getNamespace())
                .withName(Names.statefulSet(TemporaryBrokers.name(run)) + "-0").get());
        BrokerProfile profile = CalibratedProfile.of(run, fit, points.size(),
                broker.map(p -> p.getSpec().getNodeName()).orElse(null),
                broker.flatMap(p -> artemisVersion(client, p)).orElse(null), Instant.now());
        CalibratedProfile.write(client, profile, points);
        progress.status.profile = c.profileName;
        progress.succeed("Calibrated", String.format("wrote BrokerProfile %s: %s fit of %d points, R^2 %.4f%s%s",
                c.profileName, fit.model().name(), fit.fitted(), fit.fit().rSquared(), fit.heldOut() == null ? ""
                        : String.format(", held-out median error %.1f%%", 100 * fit.heldOut().medianRelativeError()),
                fit.selection() == null ? "" : "; " + fit.choice()));
    }

    /** The version the broker named in its log as it started, if the log can be read and says. */
    private static Optional<String> artemisVersion(KubernetesClient client, Pod broker) {
        try {
            String head = client.pods().inNamespace(broker.getMetadata().getNamespace())
                    .withName(broker.getMetadata().getName()).limitBytes(LOG_HEAD_BYTES).getLog();
            Matcher m = VERSION.matcher(head == null ? "" : head);
            return m.find() ? Optional.of(m.group(1)) : Optional.empty();
        } catch (KubernetesClientException e) {
            // no log to read (the pod's node is gone): the profile leaves the version out
            return Optional.empty();
        }
    }
}
