package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.PlanReport;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.replicatedqueue.ReplicaLoad;
import io.brokerwise.model.replicatedqueue.ReplicatedQueuePlan;
import io.brokerwise.model.service.ServiceTime;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.DestinationShare;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import java.util.List;

/** The model's plans, the topic's and the queues', as the report the CLI prints and the operator writes to status. */
public final class PlanReports {

    private PlanReports() {
    }

    public static <R extends PlanReport> R fill(R report, Plan plan, ServiceTimeProfile profile) {
        LayoutEvaluation shown = plan.chosen().orElse(plan.closest());
        String reason = reason(plan);
        boolean chargesRecovery = profile.parameters().chargesRegistration();
        report.plan = status(shown, reason, chargesRecovery);
        report.plan.destinations = shown.shares().size() < 2 ? null
                : shown.shares().stream().map(PlanReports::share).toList();
        report.alternatives = plan.alternatives().stream()
                .map(a -> status(a.evaluation(), a.reason(), chargesRecovery)).toList();
        report.binding = plan.binding() == null ? null : plan.binding().reason();
        report.brokersNeeded = plan.brokersNeeded() > 0 ? plan.brokersNeeded() : null;
        report.profile = new PlanReport.ProfileUsed();
        report.profile.name = profile.name();
        report.profile.model = profile.model().name();
        report.profile.source = profile.source();
        report.notes = List.copyOf(plan.notes());
        return report;
    }

    /** @param chargesRecovery whether the profile has a registration time, so that the recovery time means something */
    /** Why the plan shows the layout it shows: the cheapest feasible one, or what binds. */
    public static String reason(Plan plan) {
        LayoutEvaluation shown = plan.chosen().orElse(plan.closest());
        return plan.feasible()
                ? "cheapest feasible layout: " + shown.brokers() + " broker" + (shown.brokers() == 1 ? "" : "s")
                  + " (" + plan.layoutsWeighed() + " layouts weighed)"
                : plan.bindingMessage();
    }

    public static PlanStatus status(LayoutEvaluation e, String reason, boolean chargesRecovery) {
        PlanStatus s = new PlanStatus();
        s.topology = e.layout().kind().displayName();
        s.publisherGroups = e.layout().publisherGroups();
        s.subscriberGroups = e.layout().subscriberGroups();
        s.brokers = e.brokers();
        s.offeredLoad = rate(e.offeredLoad());
        s.capacity = rate(e.capacity());
        s.utilization = fraction(e.utilization());
        s.serviceTime = serviceTime(e.serviceTime());
        s.waitingTime = waitingTime(e.waitingMean(), e.waitingQuantile(), e.waitingQuantileLevel());
        s.endToEnd = new PlanStatus.EndToEndStatus();
        s.endToEnd.quantile = finite(e.endToEndQuantile());
        s.endToEnd.latencyFloor = e.latencyFloorSeconds();
        s.publishersPerBroker = e.publishersPerBroker();
        s.subscribersPerBroker = e.subscribersPerBroker();
        s.filtersPerBroker = e.filtersPerBroker();
        s.connectionsPerBroker = e.connectionsPerBroker();
        s.recovery = new PlanStatus.RecoveryStatus();
        s.recovery.subscriptions = e.subscriptionsPerBroker();
        s.recovery.seconds = chargesRecovery ? finite(e.recoverySeconds()) : null;
        s.networkCopiesPerMessage = e.networkCopiesPerMessage();
        s.networkUtilization = fraction(e.networkUtilization());
        s.network = new PlanStatus.NetworkStatus();
        s.network.ingressBitsPerSecond = (double) Math.round(e.ingressBitsPerSecond());
        s.network.egressBitsPerSecond = (double) Math.round(e.egressBitsPerSecond());
        s.network.bitsPerSecond = e.networkBitsPerSecond();
        s.network.publisherEgressBitsPerSecond = (double) Math.round(e.publisherEgressBitsPerSecond());
        s.feasible = e.feasible();
        s.reason = reason;
        return s;
    }

    /** One queue's plan, planned with {@code profile}. */
    public static QueuePlanStatus queue(ReplicatedQueuePlan plan, ServiceTimeProfile profile) {
        QueueWorkload q = plan.queue();
        QueuePlanStatus s = new QueuePlanStatus();
        s.name = q.name();
        s.replicas = plan.replicas();
        s.feasible = plan.feasible();
        s.reason = plan.reason();
        s.profile = profile.name();
        s.offeredLoad = rate(q.offeredLoad());
        s.consumerRate = Double.isInfinite(q.consumerRate()) ? null : rate(q.consumerRate());
        s.replica = plan.replica().map(PlanReports::replica).orElse(null);
        s.notes = List.copyOf(plan.notes());
        return s;
    }

    private static QueuePlanStatus.ReplicaStatus replica(ReplicaLoad r) {
        QueuePlanStatus.ReplicaStatus s = new QueuePlanStatus.ReplicaStatus();
        s.replicas = r.replicas();
        s.producers = r.producers();
        s.consumers = r.consumers();
        s.arrivalRate = rate(r.arrivalRate());
        s.capacity = rate(r.capacity());
        s.utilization = fraction(r.utilization());
        s.serviceTime = serviceTime(r.serviceTime());
        s.waitingTime = waitingTime(r.waitingMean(), r.waitingQuantile(), r.waitingQuantileLevel());
        return s;
    }

    private static PlanStatus.DestinationShareStatus share(DestinationShare share) {
        PlanStatus.DestinationShareStatus s = new PlanStatus.DestinationShareStatus();
        s.kind = PlanStatus.DestinationShareStatus.Kind.valueOf(share.kind().name());
        s.name = share.name();
        s.arrivalRate = share.arrivalRate();
        s.serviceTimeMean = share.meanServiceSeconds();
        s.utilization = share.utilization();
        return s;
    }

    private static PlanStatus.ServiceTimeStatus serviceTime(ServiceTime b) {
        PlanStatus.ServiceTimeStatus s = new PlanStatus.ServiceTimeStatus();
        s.mean = b.mean();
        s.cv = b.coefficientOfVariation();
        return s;
    }

    private static PlanStatus.WaitingTimeStatus waitingTime(double mean, double quantile, double level) {
        PlanStatus.WaitingTimeStatus s = new PlanStatus.WaitingTimeStatus();
        s.mean = finite(mean);
        s.quantile = finite(quantile);
        s.level = level;
        return s;
    }

    /** Rates to whole msgs/s and fractions to 0.1%: the model is no more precise, and kubectl shows them as is. */
    private static double rate(double msgsPerSecond) {
        return Math.round(msgsPerSecond);
    }

    private static double fraction(double x) {
        return Math.round(x * 1000) / 1000.0;
    }

    /** JSON has no infinity: an overloaded broker's waiting time, and a recovery time beyond a double, are left out. */
    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
