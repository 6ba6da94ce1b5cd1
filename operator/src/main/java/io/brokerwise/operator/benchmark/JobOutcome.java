package io.brokerwise.operator.benchmark;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.SliceReport;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;

/**
 * Where a benchmark Job stands: still running (with what its pods wait for, if anything), failed (with the reason
 * its pods or Kubernetes give), or done, with each point's result combined over its client pods from the reports
 * they wrote into the run's {@link RunResults}. No log plays a part: whatever a pod prints after its report cannot
 * hide it.
 */
sealed interface JobOutcome {

    /** Container waiting reasons that no amount of waiting cures: the image is not on the node. */
    Set<String> IMAGE_UNAVAILABLE = Set.of("ErrImageNeverPull", "ErrImagePull", "ImagePullBackOff", "InvalidImageName");

    /** Waiting reasons of a container on its normal way to running. */
    Predicate<String> STARTING = Set.of("ContainerCreating", "PodInitializing")::contains;

    /** Running; {@code waiting} says which client pods cannot start yet and why (empty when none). */
    record Running(String waiting) implements JobOutcome {
    }

    record Failed(String reason, String message) implements JobOutcome {
    }

    record Done(List<LoadResult> points) implements JobOutcome {
    }

    /** The outcome of {@code job}, whose pods write their reports into ConfigMap {@code results}. */
    static JobOutcome of(Job job, String results, KubernetesClient client) {
        var status = job.getStatus();
        int completions = job.getSpec().getCompletions();
        List<Pod> pods = pods(job, client);
        if (status != null && status.getFailed() != null && status.getFailed() > 0 || failedCondition(job).isPresent()) {
            return new Failed("JobFailed", failedCondition(job).orElse("the Job failed")
                    + PodReasons.failures(pods) + PodReasons.waiting(pods, STARTING.negate()));
        }
        String noImage = PodReasons.waiting(pods, IMAGE_UNAVAILABLE::contains);
        if (!noImage.isEmpty()) {
            return new Failed("ImageUnavailable", "the benchmark image is not on the node" + noImage);
        }
        if (status == null || status.getSucceeded() == null || status.getSucceeded() < completions) {
            return new Running(PodReasons.waiting(pods, STARTING.negate()).replaceFirst("^; ", ""));
        }
        return reports(job, results, client);
    }

    private static Optional<String> failedCondition(Job job) {
        if (job.getStatus() == null || job.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        // FailureTarget comes first: the Job has failed, and Failed follows once its pods are gone
        return job.getStatus().getConditions().stream()
                .filter(c -> ("Failed".equals(c.getType()) || "FailureTarget".equals(c.getType()))
                        && "True".equals(c.getStatus()))
                .map(c -> c.getReason() + ": " + c.getMessage()).findFirst();
    }

    /**
     * The points from every slice's report, read from the API server rather than the informer's cache: the Job's end
     * and the pods' writes come on two watches, so the cache may not have the last write yet. Read once per run.
     */
    private static JobOutcome reports(Job job, String results, KubernetesClient client) {
        int clients = job.getSpec().getCompletions();
        Map<String, String> data = Optional.ofNullable(client.configMaps().inNamespace(job.getMetadata().getNamespace())
                .withName(results).get()).map(ConfigMap::getData).orElse(Map.of());
        List<Integer> missing = IntStream.range(0, clients).filter(i -> !data.containsKey(SliceReport.key(i)))
                .boxed().toList();
        if (!missing.isEmpty()) {
            return new Failed("NoReport", "the client pods finished, but ConfigMap " + results + " has no report of "
                    + (missing.size() == 1 ? "slice " : "slices ")
                    + missing.stream().map(String::valueOf).collect(Collectors.joining(", ")) + " (of " + clients + ")");
        }
        try {
            List<SliceReport> reports = new ArrayList<>();
            for (int i = 0; i < clients; i++) {
                reports.add(SliceReport.parse(data.get(SliceReport.key(i))));
            }
            return new Done(combine(reports));
        } catch (IOException | RuntimeException e) {
            return new Failed("NoReport", "the client pods' reports in ConfigMap " + results + " could not be read: "
                    + e.getMessage());
        }
    }

    /** Point i of the benchmark from point i of every slice. */
    private static List<LoadResult> combine(List<SliceReport> reports) {
        List<LoadResult> points = new ArrayList<>();
        int n = reports.get(0).points().size();
        for (int i = 0; i < n; i++) {
            int point = i;
            points.add(LoadResult.combine(reports.stream().map(r -> r.points().get(point)).toList()));
        }
        return points;
    }

    private static List<Pod> pods(Job job, KubernetesClient client) {
        return client.pods().inNamespace(job.getMetadata().getNamespace())
                .withLabel("job-name", job.getMetadata().getName()).list().getItems();
    }
}
