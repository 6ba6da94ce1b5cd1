package io.brokerwise.model.replicatedqueue;

import io.brokerwise.model.service.ProfileCaveats;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Format;
import io.brokerwise.model.topology.Limits;
import io.brokerwise.model.topology.Objectives;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds the fewest replicas of a queue that meet the objectives (docs/models.md sec. 11). First the consumers: they
 * must take more than the producers send, which no k changes, since each replica gets its share of both. Then k: a
 * replica's load only falls as k grows, so the smallest feasible k is found by bisection. k stays at most the
 * producers, beyond which no replica's load falls, and the consumers, so that every replica has one of its own
 * (Taton et al., sec. 5.1, rules R1 and R2: a replica without consumers floods).
 */
public final class ReplicatedQueuePlanner {

    public ReplicatedQueuePlan plan(QueueWorkload queue, ServiceTimeProfile profile, Objectives objectives,
                                    Limits limits) {
        List<String> notes = notes(queue, profile);
        if (queue.consumers() == 0) {
            return new ReplicatedQueuePlan(queue, false, Optional.empty(),
                    "no consumers: nothing would take its messages, so no replica is deployed; add consumers", notes);
        }
        if (!(queue.consumerRate() > queue.offeredLoad())) {
            return new ReplicatedQueuePlan(queue, false, Optional.empty(), "consumers take "
                    + Format.rate(queue.consumerRate()) + " in all, producers send " + Format.rate(queue.offeredLoad())
                    + ": add consumers or make them faster", notes);
        }
        Replicas replicas = new Replicas(queue, profile.atMessageSize(queue.messageSizeBytes()),
                new ReplicaObjectives(objectives));
        int most = (int) Math.min(Math.min(queue.producers(), queue.consumers()), Integer.MAX_VALUE);
        int available = limits.maxBrokers();
        Optional<Integer> needed = replicas.fewestMeeting(most);
        // when nothing is feasible, the busiest replica at the most replicas allowed shows how far off it is
        if (needed.isEmpty()) {
            return new ReplicatedQueuePlan(queue, false, Optional.of(replicas.at(Math.min(most, available))),
                    whyNoK(queue, replicas, most), notes);
        }
        int k = needed.get();
        if (k > available) {
            return new ReplicatedQueuePlan(queue, false, Optional.of(replicas.at(available)), "needs " + k
                    + " replicas, at most " + available + " available", notes);
        }
        String reason = k == 1 ? "one replica meets the objectives"
                : "fewest replicas meeting the objectives; " + (k - 1) + ": " + replicas.violation(k - 1);
        return new ReplicatedQueuePlan(queue, true, Optional.of(replicas.at(k)), reason, notes);
    }

    /**
     * The busiest replica of {@code queue} on {@code k} replicas against the objectives: how a running queue fares
     * under another load (autoscaling's question).
     */
    public Evaluation evaluate(QueueWorkload queue, ServiceTimeProfile profile, Objectives objectives, int k) {
        Replicas replicas = new Replicas(queue, profile.atMessageSize(queue.messageSizeBytes()),
                new ReplicaObjectives(objectives));
        return new Evaluation(replicas.at(k), Optional.ofNullable(replicas.violation(k)));
    }

    /** A replica's figures, and the objective it breaks, if any. */
    public record Evaluation(ReplicaLoad busiest, Optional<String> violation) {
        public boolean meets() {
            return violation.isEmpty();
        }
    }

    /** What the figures charge beyond a receive and a dispatch, and what the profile leaves out. */
    private static List<String> notes(QueueWorkload queue, ServiceTimeProfile profile) {
        List<String> notes = new ArrayList<>();
        if (queue.selective()) {
            notes.add("every consumer selector at a replica is charged for every message, an upper bound: the broker "
                    + "stops at the first consumer whose selector matches (docs/models.md sec. 11)");
        }
        ProfileCaveats.components("selector components", queue.selectorComponents(), profile).ifPresent(notes::add);
        ProfileCaveats.messageSize(queue.messageSizeBytes(), profile).ifPresent(notes::add);
        return notes;
    }

    /** Why no k up to {@code most} will do, by what bounds k there. */
    private static String whyNoK(QueueWorkload queue, Replicas replicas, int most) {
        String violation = replicas.violation(most);
        if (most < queue.producers()) {
            return "more replicas than its " + most + " consumers would leave a replica without one (Taton et al., "
                    + "rule R1), and " + most + " replicas break the objectives (" + violation + "): add consumers";
        }
        return "no number of replicas meets the objectives: with one producer each, " + most + " replicas still break "
                + "them (" + violation + "); lower the rate per producer or plan with a faster broker profile";
    }

    /** The busiest replica at each k, and the bisection over k. */
    private record Replicas(QueueWorkload queue, ServiceTimeProfile sized, ReplicaObjectives objectives) {

        ReplicaLoad at(int k) {
            return ReplicaLoad.of(k, queue, sized, objectives.quantileLevel());
        }

        String violation(int k) {
            return objectives.violation(at(k));
        }

        /** The smallest k in 1..most that meets the objectives, if any: k - 1 breaks them and k does not. */
        Optional<Integer> fewestMeeting(int most) {
            if (!objectives.met(at(most))) {
                return Optional.empty();
            }
            int breaks = 0;
            int meets = most;
            while (meets - breaks > 1) {
                int mid = (breaks + meets) >>> 1;
                if (objectives.met(at(mid))) {
                    meets = mid;
                } else {
                    breaks = mid;
                }
            }
            return Optional.of(meets);
        }
    }
}
