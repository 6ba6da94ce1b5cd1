package io.brokerwise.operator.benchmark;

import io.brokerwise.measure.contract.LoadResult;
import io.brokerwise.measure.contract.SliceReport;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Where a benchmark Job stands: still running (with what its pods wait for, if anything), failed (with the reason
 * its pods or Kubernetes give), or done, with each point's result combined over its client pods from the reports
 * they printed.
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

    static JobOutcome of(Job job, KubernetesClient client) {
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
        try {
            return new Done(combine(reports(job, pods, client)));
        } catch (IOException | RuntimeException e) {
            return new Failed("NoReport", "the client pods finished but their reports could not be read: " + e.getMessage());
        }
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

    private static List<SliceReport> reports(Job job, List<Pod> pods, KubernetesClient client) throws IOException {
        List<SliceReport> reports = new ArrayList<>();
        for (Pod pod : pods) {
            if (!"Succeeded".equals(pod.getStatus().getPhase())) {
                continue;
            }
            String log = client.pods().inNamespace(pod.getMetadata().getNamespace()).withName(pod.getMetadata().getName())
                    .tailingLines(20).getLog();
            reports.add(SliceReport.find(log).orElseThrow(() -> new IOException("pod " + pod.getMetadata().getName()
                    + " printed no " + SliceReport.PREFIX.strip() + " line")));
        }
        if (reports.size() != job.getSpec().getCompletions()) {
            throw new IOException(reports.size() + " reports for " + job.getSpec().getCompletions() + " client pods");
        }
        return reports;
    }

    /** Point i of the benchmark from point i of every slice. */
    private static List<LoadResult> combine(List<SliceReport> reports) {
        List<LoadResult> points = new ArrayList<>();
        int n = reports.get(0).points().size();
        for (int i = 0; i < n; i++) {
            int point = i;
            points.add(LoadResult.combine(reports.stream()
                    .sorted(java.util.Comparator.comparingInt(SliceReport::slice))
                    .map(r -> r.points().get(point)).toList()));
        }
        return points;
    }

    private static List<Pod> pods(Job job, KubernetesClient client) {
        return client.pods().inNamespace(job.getMetadata().getNamespace())
                .withLabel("job-name", job.getMetadata().getName()).list().getItems();
    }
}
