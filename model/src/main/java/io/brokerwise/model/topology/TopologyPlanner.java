package io.brokerwise.model.topology;

import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.constraint.MaxBrokers;
import io.brokerwise.model.topology.constraint.PlanConstraint;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * Finds the cheapest feasible k x l layout: fewest brokers, then fewest copies a publisher sends
 * (smaller l). Per-broker load only falls as k or l grows, so for each l the feasible k form an
 * interval [k_min(l), K] and k_min does not grow with l: the search walks that staircase once,
 * instead of evaluating all ~K ln L layouts, and stops as soon as l alone costs more brokers than the
 * best plan so far.
 */
public final class TopologyPlanner {

    /** How far the planner looks when it works out how many brokers an infeasible workload would need. */
    static final int UNBOUNDED_BROKERS = 1 << 16;
    private static final int GRID_ALTERNATIVES = 4;
    private static final int NEAREST_EVALUATED = 8;

    /** One topic's plan. */
    public Plan plan(Workload workload, ServiceTimeProfile profile, Objectives objectives, Limits limits,
                     TopologyMode mode) {
        return plan(List.of(Topic.of("topic", workload)), profile, objectives, limits, mode);
    }

    /** One layout for all these topics, their messages sharing every broker (docs/models.md sec. 12). */
    public Plan plan(List<Topic> topics, ServiceTimeProfile profile, Objectives objectives, Limits limits,
                     TopologyMode mode) {
        return plan(topics, List.of(), profile, objectives, limits, mode);
    }

    /**
     * One layout for these topics, its most loaded broker carrying a replica of each of these queues too (each
     * planned on its own, docs/models.md sec. 11 and 12).
     */
    public Plan plan(List<Topic> topics, List<QueueOnLayout> queues, ServiceTimeProfile profile,
                     Objectives objectives, Limits limits, TopologyMode mode) {
        TopologyEvaluator evaluator = new TopologyEvaluator(topics, queues, profile, objectives, limits);
        Search search = new Search(evaluator, mode);
        search.run();
        List<String> notes = PlanNotes.of(evaluator);
        if (search.best == null) {
            return infeasible(evaluator, mode, search, notes);
        }
        LayoutEvaluation chosen = evaluator.evaluate(search.best);
        Optional<LayoutEvaluation> smaller = search.nextSmaller(search.best).map(evaluator::evaluate);
        PlanConstraint binding = smaller.map(LayoutEvaluation::violated).orElse(null);
        String message = binding == null ? null : smaller.get().layout() + ": " + smaller.get().violation();
        if (topics.size() > 1) {
            notes.addAll(SharingNotes.of(this, evaluator, mode, chosen));
        }
        return new Plan(Optional.of(chosen), alternatives(evaluator, search, chosen, mode), search.weighed,
                chosen, binding, message, 0, notes);
    }

    /** The cheapest feasible layout of these topics, if any: what the notes on sharing compare with. */
    Optional<Layout> cheapest(TopologyEvaluator evaluator, TopologyMode mode) {
        Search search = new Search(evaluator, mode);
        search.run();
        return Optional.ofNullable(search.best);
    }

    private Plan infeasible(TopologyEvaluator evaluator, TopologyMode mode, Search search, List<String> notes) {
        Limits limits = evaluator.limits();
        LayoutEvaluation closest = search.closest();
        Search relaxed = new Search(new TopologyEvaluator(evaluator.topics(), evaluator.queues(), evaluator.profile(),
                evaluator.objectives(), limits.withMaxBrokers(UNBOUNDED_BROKERS)), mode);
        relaxed.run();
        if (relaxed.best != null) {
            long needed = relaxed.best.brokers();
            String message = "needs " + needed + " brokers (" + relaxed.best + "), at most "
                    + limits.maxBrokers() + " available";
            return new Plan(Optional.empty(), alternatives(evaluator, search, closest, mode), search.weighed, closest,
                    new MaxBrokers(limits.maxBrokers()), message, needed, notes);
        }
        PlanConstraint binding = closest.violated() == null ? new MaxBrokers(limits.maxBrokers()) : closest.violated();
        String message = "no layout meets the objectives; closest is " + closest.layout() + ": " + closest.violation();
        return new Plan(Optional.empty(), alternatives(evaluator, search, closest, mode), search.weighed, closest,
                binding, message, 0, notes);
    }

    /**
     * The best layout of each family (PSR, SSR, the cheapest grids) other than the one the plan shows
     * (chosen, or closest when nothing is feasible), and in a fixed mode the layout Auto would pick,
     * cheapest feasible first, each with why it lost.
     */
    private List<Plan.Alternative> alternatives(TopologyEvaluator evaluator, Search search, LayoutEvaluation shown,
                                                TopologyMode mode) {
        List<Layout> layouts = new ArrayList<>();
        search.bestOfRow(1).ifPresent(layouts::add);
        search.bestSsr().ifPresent(layouts::add);
        List<Layout> grids = search.frontier.stream().filter(l -> l.kind() == TopologyKind.GRID)
                .sorted(Comparator.comparingLong(Layout::brokers)).limit(GRID_ALTERNATIVES).toList();
        layouts.addAll(grids.isEmpty() ? search.closestEdges(TopologyKind.GRID) : grids);
        if (mode.kind() != TopologyMode.Kind.AUTO) {
            Search auto = new Search(evaluator, TopologyMode.auto());
            auto.run();
            Optional.ofNullable(auto.best).ifPresent(layouts::add);
        }
        List<Plan.Alternative> out = new ArrayList<>();
        layouts.stream().distinct()
                .filter(l -> !l.equals(shown.layout()))
                .map(evaluator::evaluate)
                .forEach(e -> out.add(new Plan.Alternative(e, whyLost(e, shown))));
        out.sort(Comparator.comparing((Plan.Alternative a) -> !a.evaluation().feasible())
                .thenComparingLong(a -> a.evaluation().brokers()));
        return out;
    }

    private static String whyLost(LayoutEvaluation e, LayoutEvaluation chosen) {
        if (!e.feasible()) {
            return e.violation();
        }
        if (e.brokers() > chosen.brokers()) {
            return "feasible, but needs " + e.brokers() + " brokers where the plan needs " + chosen.brokers();
        }
        return "feasible with as many brokers, but each publisher sends " + e.layout().subscriberGroups()
                + " copies where the plan's publishers send " + chosen.layout().subscriberGroups();
    }

    /** One walk over the staircase of minimal feasible k per l. */
    private static final class Search {
        final TopologyEvaluator evaluator;
        final int kLo;
        final int kHi;
        final int lLo;
        final int lHi;
        final List<Layout> frontier = new ArrayList<>();
        final List<Layout> infeasibleEdges = new ArrayList<>();
        Layout best;
        int weighed;

        Search(TopologyEvaluator evaluator, TopologyMode mode) {
            this.evaluator = evaluator;
            int maxBrokers = evaluator.limits().maxBrokers();
            int kMax = (int) Math.min(evaluator.maxPublishers(), maxBrokers);
            int lMax = (int) Math.min(evaluator.maxSubscribers(), maxBrokers);
            int[] k = range(mode.kind() == TopologyMode.Kind.SSR ? 1 : mode.publisherGroups(), kMax);
            int[] l = range(mode.kind() == TopologyMode.Kind.PSR ? 1 : mode.subscriberGroups(), lMax);
            kLo = k[0];
            kHi = k[1];
            lLo = l[0];
            lHi = l[1];
        }

        private static int[] range(int fixed, int max) {
            return fixed == TopologyMode.FREE ? new int[] {1, max} : new int[] {fixed, fixed};
        }

        boolean feasible(int k, int l) {
            weighed++;
            return evaluator.feasible(new Layout(k, l));
        }

        void run() {
            int k = kHi;
            long kFloor = Math.max(kLo, evaluator.publisherGroupsFloor(lHi));
            for (int l = lLo; l <= lHi; l++) {
                if (best != null && kFloor * l >= best.brokers()) {
                    break; // no k for this or any larger l can beat the best
                }
                int kMax = (int) Math.min(kHi, evaluator.limits().maxBrokers() / l);
                if (kMax < kLo) {
                    break;
                }
                k = Math.min(k, kMax);
                boolean ok = feasible(k, l);
                while (!ok && k < kMax) {
                    k++; // load is monotone in l only up to the binomial's shape: step back up if needed
                    ok = feasible(k, l);
                }
                if (!ok) {
                    infeasibleEdges.add(new Layout(k, l));
                    continue;
                }
                k = lowestFeasible(k, l);
                Layout layout = new Layout(k, l);
                frontier.add(layout);
                if (best == null || layout.brokers() < best.brokers()) {
                    best = layout;
                }
            }
        }

        /** The smallest feasible k at or below a feasible one: gallop down, then bisect. */
        private int lowestFeasible(int feasibleK, int l) {
            int hi = feasibleK;
            int step = 1;
            int lo = hi - step;
            while (lo >= kLo && feasible(lo, l)) {
                hi = lo;
                step *= 2;
                lo = hi - step;
            }
            lo = Math.max(lo, kLo - 1); // lo is infeasible or below the range
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (feasible(mid, l)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return hi;
        }

        /**
         * The layout one broker group smaller than the chosen one that the mode allows (one publisher group
         * fewer, else one subscriber group fewer): what it breaks is what binds the plan. The search chose
         * the fewest brokers, so it is infeasible.
         */
        Optional<Layout> nextSmaller(Layout chosen) {
            if (chosen.publisherGroups() > kLo) {
                return Optional.of(new Layout(chosen.publisherGroups() - 1, chosen.subscriberGroups()));
            }
            return chosen.subscriberGroups() > lLo
                    ? Optional.of(new Layout(chosen.publisherGroups(), chosen.subscriberGroups() - 1)) : Optional.empty();
        }

        /** The cheapest feasible layout with l subscriber groups, else the infeasible one at the most brokers. */
        Optional<Layout> bestOfRow(int l) {
            return frontier.stream().filter(x -> x.subscriberGroups() == l).findFirst()
                    .or(() -> infeasibleEdges.stream().filter(x -> x.subscriberGroups() == l).findFirst());
        }

        /** The infeasible layout of a family that came closest, if the family had any. */
        List<Layout> closestEdges(TopologyKind kind) {
            return nearest(infeasibleEdges.stream().filter(l -> l.kind() == kind).toList())
                    .map(LayoutEvaluation::layout).stream().toList();
        }

        /**
         * The layout with the smallest excess. Only the few with the least load get their full excess,
         * since the waiting-time quantile in it inverts a distribution.
         */
        Optional<LayoutEvaluation> nearest(List<Layout> layouts) {
            return layouts.stream()
                    .sorted(Comparator.comparingDouble(evaluator::loadExcess))
                    .limit(NEAREST_EVALUATED)
                    .map(evaluator::load)
                    .min(Comparator.comparingDouble(evaluator::excess))
                    .map(load -> evaluator.evaluate(load.layout()));
        }

        /** Cheapest SSR layout: feasibility grows with l at k = 1, so bisect over l. */
        Optional<Layout> bestSsr() {
            if (kLo > 1 || lHi < 2) {
                return Optional.empty();
            }
            if (!feasible(1, lHi)) {
                return Optional.of(new Layout(1, lHi));
            }
            int lo = Math.max(lLo, 2) - 1;
            int hi = lHi;
            while (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                if (feasible(1, mid)) {
                    hi = mid;
                } else {
                    lo = mid;
                }
            }
            return Optional.of(new Layout(1, hi));
        }

        LayoutEvaluation closest() {
            return nearest(infeasibleEdges.isEmpty() ? List.of(new Layout(kHi, lLo)) : infeasibleEdges).orElseThrow();
        }
    }
}
