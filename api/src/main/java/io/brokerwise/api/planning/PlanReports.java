package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.PlanReport;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.LayoutEvaluation;
import io.brokerwise.model.topology.Plan;
import java.util.List;

/** The model's plan as the report the CLI prints and the operator writes to status. */
public final class PlanReports {

    private PlanReports() {
    }

    public static <R extends PlanReport> R fill(R report, Plan plan, ServiceTimeProfile profile) {
        LayoutEvaluation shown = plan.chosen().orElse(plan.closest());
        String reason = reason(plan);
        boolean chargesRecovery = profile.parameters().chargesRegistration();
        report.plan = status(shown, reason, chargesRecovery);
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
        // rates to whole msgs/s and utilization to 0.1%: the model is no more precise, and kubectl shows them as is
        s.offeredLoad = (double) Math.round(e.offeredLoad());
        s.capacity = (double) Math.round(e.capacity());
        s.utilization = Math.round(e.utilization() * 1000) / 1000.0;
        s.serviceTime = new PlanStatus.ServiceTimeStatus();
        s.serviceTime.mean = e.serviceTime().mean();
        s.serviceTime.cv = e.serviceTime().coefficientOfVariation();
        s.waitingTime = new PlanStatus.WaitingTimeStatus();
        s.waitingTime.mean = finite(e.waitingMean());
        s.waitingTime.quantile = finite(e.waitingQuantile());
        s.waitingTime.level = e.waitingQuantileLevel();
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
        s.networkUtilization = Math.round(e.networkUtilization() * 1000) / 1000.0;
        s.network = new PlanStatus.NetworkStatus();
        s.network.ingressBitsPerSecond = (double) Math.round(e.ingressBitsPerSecond());
        s.network.egressBitsPerSecond = (double) Math.round(e.egressBitsPerSecond());
        s.network.bitsPerSecond = e.networkBitsPerSecond();
        s.network.publisherEgressBitsPerSecond = (double) Math.round(e.publisherEgressBitsPerSecond());
        s.feasible = e.feasible();
        s.reason = reason;
        return s;
    }

    /** JSON has no infinity: an overloaded broker's waiting time, and a recovery time beyond a double, are left out. */
    private static Double finite(double x) {
        return Double.isFinite(x) ? x : null;
    }
}
