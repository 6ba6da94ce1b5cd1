package io.brokerwise.model.topology;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a plan of several topics says about sharing its brokers: how many brokers the topics would need planned
 * apart, and what the topics' own waiting-time bounds cost, against the same plan without them.
 */
final class SharingNotes {

    private SharingNotes() {
    }

    static List<String> of(TopologyPlanner planner, TopologyEvaluator shared, TopologyMode mode,
                           LayoutEvaluation chosen) {
        List<String> notes = new ArrayList<>();
        notes.add(apart(planner, shared, mode, chosen));
        bounds(planner, shared, mode, chosen).ifPresent(notes::add);
        return notes;
    }

    /** The brokers each topic needs on a layout of its own, summed: what sharing saves. */
    private static String apart(TopologyPlanner planner, TopologyEvaluator shared, TopologyMode mode,
                                LayoutEvaluation chosen) {
        long apart = 0;
        for (Topic topic : shared.topics()) {
            // the queues' replicas go beside the first topic: apart, they are carried once too
            List<QueueOnLayout> queues = topic == shared.topics().get(0) ? shared.queues() : List.of();
            Optional<Layout> alone = planner.cheapest(new TopologyEvaluator(List.of(topic), queues, shared.profile(),
                    shared.objectives(), shared.limits()), mode);
            if (alone.isEmpty()) {
                return "planned apart, topic " + topic.name() + " fits no layout of its own within the limits";
            }
            apart += alone.get().brokers();
        }
        return "the " + shared.topics().size() + " topics share " + chosen.brokers() + " broker"
                + (chosen.brokers() == 1 ? "" : "s") + "; planned apart, each on layouts of its own, they would need "
                + apart;
    }

    /** Where the topics' own bounds ask for more brokers than the objectives alone: how many, and whose. */
    private static Optional<String> bounds(TopologyPlanner planner, TopologyEvaluator shared, TopologyMode mode,
                                           LayoutEvaluation chosen) {
        List<Topic> bounded = shared.topics().stream().filter(Topic::boundsWaitingTime).toList();
        if (bounded.isEmpty()) {
            return Optional.empty();
        }
        List<Topic> unbounded = shared.topics().stream().map(t -> Topic.of(t.name(), t.workload())).toList();
        Optional<Layout> without = planner.cheapest(new TopologyEvaluator(unbounded, shared.queues(), shared.profile(),
                shared.objectives(), shared.limits()), mode);
        if (without.isEmpty() || without.get().brokers() >= chosen.brokers()) {
            return Optional.empty();
        }
        String which = String.join(", ", bounded.stream()
                .map(t -> t.name() + " " + Format.seconds(t.maxWaitingSeconds())).toList());
        return Optional.of("the topics' own waiting-time bounds (" + which + ") cost "
                + (chosen.brokers() - without.get().brokers()) + " brokers: without them " + without.get()
                + " would do. Every topic of a broker waits in one queue, so the tightest bound holds for all; a topic "
                + "with a tight bound beside topics of long service times may do better in a topology of its own");
    }
}
