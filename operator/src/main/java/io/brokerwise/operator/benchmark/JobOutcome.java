package io.brokerwise.operator.benchmark;

import io.brokerwise.measure.LoadResult;
import io.brokerwise.measure.SliceReport;
import io.fabric8.kubernetes.api.model.Pod;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.fabric8.kubernetes.client.KubernetesClient;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where a benchmark Job stands: still running, failed (with the reason its pods or Kubernetes give), or done,
 * with each point's result combined over its client pods from the reports they printed.
 */
sealed interface JobOutcome {

    record Running() implements JobOutcome {
    }

    record Failed(String reason, String message) implements JobOutcome {
    }

    record Done(List<LoadResult> points) implements JobOutcome {
    }

    static JobOutcome of(Job job, KubernetesClient client) {
        var status = job.getStatus();
        int completions = job.getSpec().getCompletions();
        if (status != null && status.getFailed() != null && status.getFailed() > 0 || failedCondition(job).isPresent()) {
            return new Failed("JobFailed", failedCondition(job).orElse("") + podMessages(job, client));
        }
        if (status == null || status.getSucceeded() == null || status.getSucceeded() < completions) {
            return new Running();
        }
        try {
            return new Done(combine(reports(job, client)));
        } catch (IOException | RuntimeException e) {
            return new Failed("NoReport", "the client pods finished but their reports could not be read: " + e.getMessage());
        }
    }

    private static Optional<String> failedCondition(Job job) {
        if (job.getStatus() == null || job.getStatus().getConditions() == null) {
            return Optional.empty();
        }
        return job.getStatus().getConditions().stream()
                .filter(c -> "Failed".equals(c.getType()) && "True".equals(c.getStatus()))
                .map(c -> c.getReason() + ": " + c.getMessage()).findFirst();
    }

    /** What the failed pods said in their termination messages (the client's reason, or its last log lines). */
    private static String podMessages(Job job, KubernetesClient client) {
        StringBuilder out = new StringBuilder();
        for (Pod pod : pods(job, client)) {
            if (pod.getStatus() == null || pod.getStatus().getContainerStatuses() == null) {
                continue;
            }
            pod.getStatus().getContainerStatuses().stream()
                    .filter(c -> c.getState() != null && c.getState().getTerminated() != null
                            && c.getState().getTerminated().getExitCode() != 0)
                    .forEach(c -> out.append("; ").append(pod.getMetadata().getName()).append(": ")
                            .append(trim(c.getState().getTerminated().getMessage(),
                                    c.getState().getTerminated().getReason())));
            pod.getStatus().getContainerStatuses().stream()
                    .filter(c -> c.getState() != null && c.getState().getWaiting() != null)
                    .forEach(c -> out.append("; ").append(pod.getMetadata().getName()).append(": ")
                            .append(c.getState().getWaiting().getReason()));
        }
        return out.toString();
    }

    private static String trim(String message, String fallback) {
        String m = message == null || message.isBlank() ? fallback : message.strip();
        return m.length() > 300 ? m.substring(m.length() - 300) : m;
    }

    private static List<SliceReport> reports(Job job, KubernetesClient client) throws IOException {
        List<SliceReport> reports = new ArrayList<>();
        for (Pod pod : pods(job, client)) {
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
