package io.brokerwise.cli;

import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.PlanReport;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.model.replicatedqueue.QueueWorkload;
import io.brokerwise.model.topology.Format;
import io.brokerwise.model.topology.Layout;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A plan as people read it: the workload, the chosen layout, then the alternatives as a table; then a section per
 * queue: its load, its replicas and the busiest one's figures, or why none is deployed.
 */
final class PlanTable {

    private PlanTable() {
    }

    static String render(PlanReport report, PlanningInput in) {
        StringBuilder out = new StringBuilder();
        Objectives o = in.objectives();
        if (in.topics().size() == 1) {
            out.append("Workload:   ").append(workload(in.workload())).append('\n');
        } else {
            in.topics().forEach(t -> out.append("Topic ").append(t.name()).append(": ").append(workload(t.workload()))
                    .append(t.boundsWaitingTime() ? "; its own " + Format.percent(o.waitingQuantile())
                            + " waiting-time bound " + Format.seconds(t.maxWaitingSeconds()) : "").append('\n'));
        }
        out.append("Profile:    ").append(report.profile.name).append(" (").append(report.profile.model).append("; ")
                .append(report.profile.source).append(")\n");
        out.append(String.format(Locale.ROOT, "Objectives: utilization <= %.2f, network <= %.2f of %s per broker, %s waiting "
                        + "time <= %s%s%s; at most %d brokers%n%n", o.maxUtilization(), o.maxNetworkUtilization(),
                Format.bitsPerSecond(report.plan.network.bitsPerSecond), Format.percent(o.waitingQuantile()),
                Format.seconds(o.maxWaitingSeconds()),
                o.boundsEndToEnd() ? ", end-to-end <= " + Format.seconds(o.maxEndToEndSeconds()) : "",
                o.boundsRecovery() ? ", recovery <= " + Format.seconds(o.maxRecoverySeconds()) : "",
                in.limits().maxBrokers()));
        String binding = report.binding == null ? "" : " (binding: " + report.binding + ")";
        out.append(report.plan.feasible ? "PLAN" : "NO FEASIBLE PLAN").append(binding).append('\n');
        List<PlanStatus> rows = new ArrayList<>();
        rows.add(report.plan);
        out.append(table(rows)).append('\n');
        if (report.plan.destinations != null) {
            out.append("DESTINATIONS ON THE MOST LOADED BROKER\n").append(shares(report.plan.destinations))
                    .append('\n');
        }
        if (!report.alternatives.isEmpty()) {
            out.append("ALTERNATIVES\n").append(table(report.alternatives)).append('\n');
        }
        report.notes.forEach(n -> out.append("note: ").append(n).append('\n'));
        for (int i = 0; report.queues != null && i < report.queues.size(); i++) {
            out.append('\n').append(queue(report.queues.get(i), in.queues().get(i), report.notes));
        }
        return out.toString();
    }

    private static String workload(Workload w) {
        return String.format(Locale.ROOT, "%d publishers x %s msgs/s = %s msgs/s; %d subscribers x %d filter(s); "
                        + "E[R] = %s (%s); %d B messages", w.publishers(), Format.number(w.ratePerPublisher()),
                Format.number(w.offeredLoad()), w.subscribers(), w.filtersPerSubscriber(),
                Format.number(w.meanReplicationGrade()), w.distribution().manifestName(), w.messageSizeBytes());
    }

    private static String shares(List<PlanStatus.DestinationShareStatus> shares) {
        List<String[]> cells = new ArrayList<>();
        cells.add(new String[] {"DESTINATION", "KIND", "ARRIVAL/S", "E[B]", "UTIL"});
        shares.forEach(s -> cells.add(new String[] {s.name, s.kind.name(), Format.number(s.arrivalRate),
            Format.seconds(s.serviceTimeMean), String.format(Locale.ROOT, "%.3f", s.utilization)}));
        return aligned(cells);
    }

    /** @param topicNotes what the topic's plan noted already, which is not said again */
    private static String queue(QueuePlanStatus plan, QueueWorkload q, List<String> topicNotes) {
        StringBuilder out = new StringBuilder("QUEUE ").append(plan.name).append(": ");
        out.append(plan.feasible ? plan.replicas + " replica" + (plan.replicas == 1 ? "" : "s")
                : plan.replica == null ? "nothing deployed" : "NO FEASIBLE PLAN").append(" (").append(plan.reason)
                .append(")\n");
        out.append(String.format(Locale.ROOT, "  %d producers x %s = %s; %s; %s; %d B messages; profile %s%n",
                q.producers(), Format.rate(q.ratePerProducer()), Format.rate(q.offeredLoad()), consumers(q),
                q.selective() ? "a selector of " + q.selectorComponents() + " term(s) each" : "no selectors",
                q.messageSizeBytes(), plan.profile));
        if (plan.replica != null) {
            QueuePlanStatus.ReplicaStatus r = plan.replica;
            List<String[]> cells = new ArrayList<>();
            cells.add(new String[] {"  REPLICAS", "PRODUCERS/REPLICA", "CONSUMERS/REPLICA", "ARRIVAL/S", "CAPACITY/S",
                "UTIL", "E[B]", "WAIT MEAN", "WAIT " + Format.percent(r.waitingTime.level)});
            cells.add(new String[] {"  " + r.replicas, String.valueOf(r.producers), String.valueOf(r.consumers),
                Format.number(r.arrivalRate), Format.number(r.capacity),
                String.format(Locale.ROOT, "%.3f", r.utilization),
                Format.seconds(r.serviceTime.mean), time(r.waitingTime.mean), time(r.waitingTime.quantile)});
            out.append(aligned(cells));
        }
        plan.notes.stream().filter(n -> !topicNotes.contains(n))
                .forEach(n -> out.append("  note: ").append(n).append('\n'));
        return out.toString();
    }

    private static String consumers(QueueWorkload q) {
        if (q.consumers() == 0) {
            return "no consumers";
        }
        return Double.isInfinite(q.ratePerConsumer()) ? q.consumers() + " consumers as fast as they can"
                : q.consumers() + " consumers x " + Format.rate(q.ratePerConsumer()) + " = "
                  + Format.rate(q.consumerRate());
    }

    private static String table(List<PlanStatus> rows) {
        List<String[]> cells = new ArrayList<>();
        String level = Format.percent(rows.get(0).waitingTime.level);
        String[] header = {"TOPOLOGY", "GROUPS", "BROKERS", "CAPACITY/S", "UTIL", "NET", "E[B]", "CV", "WAIT MEAN",
            "WAIT " + level, "END-TO-END " + level, "CONN/BROKER", "RECOVERY", "FEASIBLE", "WHY"};
        cells.add(header);
        for (PlanStatus s : rows) {
            cells.add(new String[] {s.topology, new Layout(s.publisherGroups, s.subscriberGroups).dimensions(), String.valueOf(s.brokers),
                Format.number(s.capacity), String.format(Locale.ROOT, "%.3f", s.utilization),
                String.format(Locale.ROOT, "%.3f", s.networkUtilization), Format.seconds(s.serviceTime.mean),
                String.format(Locale.ROOT, "%.3f", s.serviceTime.cv), time(s.waitingTime.mean), time(s.waitingTime.quantile),
                time(s.endToEnd.quantile), String.valueOf(s.connectionsPerBroker), recovery(s.recovery),
                s.feasible ? "yes" : "no", s.reason});
        }
        return aligned(cells);
    }

    /** Rows of cells in columns as wide as their widest cell; the last column as it is. */
    private static String aligned(List<String[]> cells) {
        int[] width = new int[cells.get(0).length];
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                width[i] = Math.max(width[i], row[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] row : cells) {
            for (int i = 0; i < row.length; i++) {
                out.append(i == row.length - 1 ? row[i] : String.format("%-" + (width[i] + 2) + "s", row[i]));
            }
            out.append('\n');
        }
        return out.toString();
    }

    /** The re-registration time, or "-" where the profile has no registration time. */
    private static String recovery(PlanStatus.RecoveryStatus r) {
        return r.seconds == null ? "-" : Format.seconds(r.seconds);
    }

    private static String time(Double seconds) {
        return seconds == null ? "overload" : Format.seconds(seconds);
    }
}
