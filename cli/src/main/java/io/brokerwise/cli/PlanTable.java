package io.brokerwise.cli;

import io.brokerwise.model.topology.Layout;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.v1alpha1.PlanReport;
import io.brokerwise.api.v1alpha1.PlanStatus;
import io.brokerwise.model.topology.Format;
import io.brokerwise.model.topology.Objectives;
import io.brokerwise.model.topology.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A plan as people read it: the workload, the chosen layout, then the alternatives as a table. */
final class PlanTable {


    private PlanTable() {
    }

    static String render(PlanReport report, PlanningInput in) {
        StringBuilder out = new StringBuilder();
        Workload w = in.workload();
        Objectives o = in.objectives();
        out.append(String.format(Locale.ROOT, "Workload:   %d publishers x %s msgs/s = %s msgs/s; %d subscribers x %d "
                        + "filter(s); E[R] = %s (%s); %d B messages%n", w.publishers(), number(w.ratePerPublisher()),
                number(w.offeredLoad()), w.subscribers(), w.filtersPerSubscriber(), number(w.meanReplicationGrade()),
                w.distribution().manifestName(), w.messageSizeBytes()));
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
        if (!report.alternatives.isEmpty()) {
            out.append("ALTERNATIVES\n").append(table(report.alternatives)).append('\n');
        }
        report.notes.forEach(n -> out.append("note: ").append(n).append('\n'));
        return out.toString();
    }

    private static String table(List<PlanStatus> rows) {
        List<String[]> cells = new ArrayList<>();
        String level = Format.percent(rows.get(0).waitingTime.level);
        String[] header = {"TOPOLOGY", "GROUPS", "BROKERS", "CAPACITY/S", "UTIL", "NET", "E[B]", "CV", "WAIT MEAN",
            "WAIT " + level, "END-TO-END " + level, "CONN/BROKER", "RECOVERY", "FEASIBLE", "WHY"};
        cells.add(header);
        for (PlanStatus s : rows) {
            cells.add(new String[] {s.topology, new Layout(s.publisherGroups, s.subscriberGroups).dimensions(), String.valueOf(s.brokers),
                number(s.capacity), String.format(Locale.ROOT, "%.3f", s.utilization),
                String.format(Locale.ROOT, "%.3f", s.networkUtilization), Format.seconds(s.serviceTime.mean),
                String.format(Locale.ROOT, "%.3f", s.serviceTime.cv), time(s.waitingTime.mean), time(s.waitingTime.quantile),
                time(s.endToEnd.quantile), String.valueOf(s.connectionsPerBroker), recovery(s.recovery),
                s.feasible ? "yes" : "no", s.reason});
        }
        int[] width = new int[header.length];
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

    static String number(double x) {
        return x >= 100 ? String.format(Locale.ROOT, "%,.0f", x) : String.format(Locale.ROOT, "%.3g", x);
    }
}
