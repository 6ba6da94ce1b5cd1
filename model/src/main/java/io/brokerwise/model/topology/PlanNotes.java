package io.brokerwise.model.topology;

import io.brokerwise.model.service.ProfileCaveats;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.service.TopicCost;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** What a plan says the model could not take into account, or took into account in a way worth knowing. */
final class PlanNotes {

    private PlanNotes() {
    }

    /** The notes of a plan of these topics on this profile, in a list the planner may add to. */
    static List<String> of(TopologyEvaluator evaluator) {
        ServiceTimeProfile profile = evaluator.profile();
        List<Workload> workloads = evaluator.topics().stream().map(Topic::workload).toList();
        List<String> notes = new ArrayList<>();
        workloads.stream().mapToInt(Workload::filterComponents).max().ifPresent(c ->
                ProfileCaveats.components("filter components", c, profile).ifPresent(notes::add));
        notes.add("per-broker dispatch is E[R] m_b/m copies under uniform interest (docs/models.md sec. 7); "
                + "eq. 5.49 would keep E[R] per SSR broker");
        workloads.stream().map(Workload::messageSizeBytes).distinct()
                .forEach(size -> ProfileCaveats.messageSize(size, profile).ifPresent(notes::add));
        notes.addAll(topicNotes(evaluator.topics(), profile));
        notes.addAll(latencyNotes(profile));
        notes.add(recoveryNote(profile, evaluator.objectives()));
        return notes;
    }

    /** What several topics on one broker cost, and the topics no subscriber reads yet. */
    private static List<String> topicNotes(List<Topic> topics, ServiceTimeProfile profile) {
        List<String> notes = new ArrayList<>();
        if (topics.size() > 1) {
            TopicCost cost = profile.parameters().topicCost();
            notes.add(cost.charged()
                    ? String.format(Locale.ROOT, "the %d topics on every broker cost %s per message (profile %s, "
                            + "%s; docs/models.md sec. 12)", topics.size(), Format.seconds(cost.secondsAt(topics.size())),
                            profile.name(), cost)
                    : "the number of topics is not charged: profile " + profile.name() + " has no topicCost, fitted "
                            + "from a topics series (docs/models.md sec. 2), so each message costs what it would on a "
                            + "broker of one topic");
        }
        topics.stream().filter(t -> t.workload().subscribers() == 0).forEach(t -> notes.add("topic " + t.name()
                + " has no subscribers: its messages are received at the brokers of their publishers' rows and "
                + "dispatched to no one"));
        return notes;
    }

    /** What the waiting and end-to-end figures charge beyond the bare M/GI/1 queue, and what they leave out. */
    private static List<String> latencyNotes(ServiceTimeProfile profile) {
        ProfileParameters p = profile.parameters();
        List<String> notes = new ArrayList<>();
        if (p.chargesPoissonArrivals()) {
            notes.add(String.format(Locale.ROOT, "waiting times are for Poisson arrivals: profile %s charges %.3g times "
                    + "the saturated E[B] per message, so a broker's queue is at %.3g times the utilization shown and "
                    + "overloads above utilization %.3f (docs/models.md sec. 3)", profile.name(),
                    p.poissonServiceFactor(), p.poissonServiceFactor(), 1 / p.poissonServiceFactor()));
        }
        List<String> missing = new ArrayList<>();
        if (p.latencyFloorSeconds() == 0) {
            missing.add("no latencyFloorSeconds");
        }
        if (!p.chargesPoissonArrivals()) {
            missing.add("no poissonServiceFactor");
        }
        if (!missing.isEmpty()) {
            notes.add("latency outside the M/GI/1 queue is not charged: profile " + profile.name() + " has "
                    + String.join(" and ", missing) + ", so the end-to-end quantile is "
                    + (p.latencyFloorSeconds() == 0 ? "the waiting time alone" : "the floor plus the waiting time")
                    + (p.chargesPoissonArrivals() ? "" : " on the saturated service time")
                    + ", which brokers measured at Poisson load exceed (docs/models.md sec. 3)");
        }
        return notes;
    }

    private static String recoveryNote(ServiceTimeProfile profile, Objectives objectives) {
        if (!profile.parameters().chargesRegistration()) {
            return "re-registration time is not charged: profile " + profile.name() + " has no registrationSeconds, "
                    + "so the plan gives no recovery time" + (objectives.boundsRecovery()
                    ? " and objectives.recoveryTime (" + Format.seconds(objectives.maxRecoverySeconds())
                      + ") is not checked" : "");
        }
        return "recovery time: the subscriptions of the busiest broker (its subscribers times their filters, one "
                + "subscription each without filters) registered one after another at "
                + Format.seconds(profile.parameters().registrationSeconds()) + " each, after that broker restarts "
                + "(docs/models.md sec. 7)";
    }

}
