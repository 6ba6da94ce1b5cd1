package io.brokerwise.operator.rollout;

import io.brokerwise.operator.layout.Names;
import io.brokerwise.routing.RoutingMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.stream.IntStream;

/**
 * The next step of a rollout, from what the cluster shows now (docs/architecture.md, Changes that restart brokers,
 * without loss). A cell's broker is out of date when its pod was made from an earlier template, or sits on a
 * cordoned node; each such cell moves, one at a time, to a broker that runs the current template:
 * <ol>
 *   <li>no spare broker: the StatefulSet grows by one, whose new pod runs the current template;</li>
 *   <li>a Ready spare: the routing map moves the cell to it, and its clients follow make-before-break;</li>
 *   <li>the old broker the map left goes once it holds no client and no message; its ordinal comes back on the
 *       current template, the next step's spare;</li>
 *   <li>with every cell current, the cell on the extra ordinal moves to that spare, and the StatefulSet shrinks back
 *       (the retirement of any broker the map no longer names).</li>
 * </ol>
 * Nothing of a rollout is stored: the cells still to move are read from the pods, so a spec change in the middle
 * makes a new template and the next step moves whatever does not run it. Pure, for the reconciler to apply.
 */
public final class RolloutDecision {

    private RolloutDecision() {
    }

    /**
     * One broker pod as the rollout sees it.
     *
     * @param ready         Ready, not being deleted
     * @param template      the hash of the template it was made from; null for a pod made before templates were hashed
     * @param cordoned      whether it runs on a node marked unschedulable: a drain waits for it to go
     * @param unschedulable whether the scheduler found no node for it
     * @param holdsNothing  whether its last read since the map left it shows no client and no message (only asked of
     *                      brokers the map does not name)
     */
    public record Broker(boolean ready, String template, boolean cordoned, boolean unschedulable,
                         boolean holdsNothing) {

        /** A broker to replace: made from another template than {@code current}, or on a node being drained. */
        public boolean outOfDate(String current) {
            return !current.equals(template) || cordoned;
        }

        /** This broker, judged on a read of what it holds. */
        Broker holding(boolean nothing) {
            return new Broker(ready, template, cordoned, unschedulable, nothing);
        }
    }

    /**
     * What a step is decided from.
     *
     * @param routed         the routing map clients follow, of the layout being deployed
     * @param template       the hash of the pod template the StatefulSet makes pods from now
     * @param replicas       the StatefulSet's replicas
     * @param brokers        its pods, by ordinal (a pod being deleted is left out)
     * @param address        the routing-map address of an ordinal
     * @param restartAllowed spec.rollout.allowRestart: a cell may restart its broker in place when none fits
     * @param held           why no step may be taken now, if something else is in flight (a change of layout)
     * @param cellsStay      why the cells cannot move to new brokers, if they cannot: then only a restart in place
     *                       replaces a broker, if allowed
     */
    public record Inputs(RoutingMap routed, String template, int replicas, Map<Integer, Broker> brokers,
                         IntFunction<String> address, boolean restartAllowed, Optional<String> held,
                         Optional<String> cellsStay) {
    }

    /**
     * What to do, with the cells counted.
     *
     * @param replicas the broker pods to keep at least: while a rollout is in progress the StatefulSet keeps its
     *                 extra pod, which a retirement would otherwise take; 0 when none is
     */
    public record Decision(Action action, int cellsCurrent, int cellsLeft, int replicas) {

        public boolean rolling() {
            return !(action instanceof Action.Idle);
        }
    }

    /**
     * One action; at most one per pass, each waiting for the last to complete. Each names itself as
     * {@code status.rollout.step} does, and says what it does with the pods named as {@code pod} names them.
     */
    public sealed interface Action {

        String step();

        String describe(IntFunction<String> pod);

        /** Every cell's broker is current, and no extra broker is held. */
        record Idle() implements Action {
            public String step() {
                return "UpToDate";
            }

            public String describe(IntFunction<String> pod) {
                return "every cell's broker runs the current template";
            }
        }

        /** Keep {@code replicas} pods, one more than the map names: the new broker of the next step. */
        record StartNewBroker(int replicas) implements Action {
            public String step() {
                return "StartingNewBroker";
            }

            public String describe(IntFunction<String> pod) {
                return "starting " + pod.apply(replicas - 1) + " on the current template, to take a cell before "
                        + "its old broker goes";
            }
        }

        /** Move {@code cell} (row-major) from ordinal {@code from} to ordinal {@code to}. */
        record MoveCell(int cell, int from, int to, boolean returning) implements Action {
            public String step() {
                return returning ? "ReturningCell" : "MovingCell";
            }

            public String describe(IntFunction<String> pod) {
                return "cell " + cell + " moves from " + pod.apply(from) + " to " + pod.apply(to)
                        + ": its clients follow the routing map";
            }
        }

        /** Delete the pod of {@code ordinal}: the map left it and it holds nothing. */
        record RetireOldBroker(int ordinal) implements Action {
            public String step() {
                return "RetiringOldBroker";
            }

            public String describe(IntFunction<String> pod) {
                return pod.apply(ordinal) + " holds no client and no message: deleted, it comes back on the current "
                        + "template";
            }
        }

        /** Delete the pod of {@code ordinal}, routed: spec.rollout.allowRestart, and no new broker fits. */
        record RestartInPlace(int ordinal) implements Action {
            public String step() {
                return "RestartingInPlace";
            }

            public String describe(IntFunction<String> pod) {
                return pod.apply(ordinal) + " restarts in place (spec.rollout.allowRestart): its cell has no broker "
                        + "until it is back";
            }
        }

        /** Nothing to do until what {@code reason} names changes. */
        record Wait(String reason, String message) implements Action {
            public String step() {
                return reason;
            }

            public String describe(IntFunction<String> pod) {
                return message;
            }
        }
    }

    public static Decision decide(Inputs in) {
        List<Integer> cells = in.routed().brokers().stream().map(Names::ordinal).toList();
        long left = cells.stream().filter(o -> outOfDate(in, o)).count();
        int current = cells.size() - (int) left;
        Action action = step(in, cells);
        return new Decision(action, current, (int) left, keep(in, cells, action));
    }

    private static int keep(Inputs in, List<Integer> cells, Action action) {
        if (action instanceof Action.Idle) {
            return 0;
        }
        if (action instanceof Action.StartNewBroker start) {
            return start.replicas();
        }
        // a restart in place gives up the extra pod, which waits for room the restarted broker needs
        return action instanceof Action.RestartInPlace ? highest(cells) + 1 : window(in, cells);
    }

    /**
     * The ordinals a rollout works with: those up to the highest the map names, and one more, its new broker. Pods
     * beyond (brokers a shrink left, still holding clients) are the retirement's: counting them as spares would move
     * a cell to a broker that goes next, and a new broker would be started while one was on its way.
     */
    private static int window(Inputs in, List<Integer> cells) {
        return Math.min(in.replicas(), highest(cells) + 2);
    }

    private static int highest(List<Integer> cells) {
        return cells.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }

    private static Action step(Inputs in, List<Integer> cells) {
        boolean rolling = cells.stream().anyMatch(o -> outOfDate(in, o)) || !contiguous(cells);
        if (!rolling) {
            return new Action.Idle();
        }
        if (in.held().isPresent()) {
            return new Action.Wait("WaitingForLayoutChange", in.held().get());
        }
        if (in.cellsStay().isPresent()) {
            return inPlace(in, cells, in.cellsStay().get());
        }
        Optional<Integer> oldBroker = unrouted(in, cells).filter(o -> outOfDate(in, o)).findFirst();
        if (oldBroker.isPresent()) {
            int o = oldBroker.get();
            return in.brokers().get(o).holdsNothing() ? new Action.RetireOldBroker(o)
                    : new Action.Wait("OldBrokerDraining", pod(in, o) + " keeps its pod until its clients have left "
                    + "and it holds no message");
        }
        Optional<Integer> spare = unrouted(in, cells).filter(o -> in.brokers().get(o).ready()).findFirst();
        Optional<Integer> stale = IntStream.range(0, cells.size()).filter(c -> outOfDate(in, cells.get(c))).boxed()
                .findFirst();
        if (stale.isPresent()) {
            return spare.<Action>map(s -> new Action.MoveCell(stale.get(), cells.get(stale.get()), s, false))
                    .orElseGet(() -> newBroker(in, cells, cells.get(stale.get())));
        }
        // every cell current, one on the extra ordinal: it moves to the ordinal its old broker left
        int top = highest(cells);
        return spare.filter(s -> s < top).<Action>map(s -> new Action.MoveCell(cells.indexOf(top), top, s, true))
                .orElseGet(() -> new Action.Wait("StartingNewBroker", "waiting for a Ready broker below "
                        + pod(in, top) + " to hand its cell back to"));
    }

    /**
     * No Ready spare: wait for an ordinal the map does not name to come up (the extra pod started, or an old broker's
     * ordinal coming back), or start the extra pod if there is none; restart in place, if allowed, when the one coming
     * finds no node.
     */
    private static Action newBroker(Inputs in, List<Integer> cells, int stale) {
        List<Integer> coming = IntStream.range(0, window(in, cells)).filter(o -> !cells.contains(o)).boxed().toList();
        if (coming.isEmpty()) {
            return new Action.StartNewBroker(highest(cells) + 2);
        }
        Optional<Integer> unschedulable = coming.stream().filter(o -> in.brokers().containsKey(o)
                && in.brokers().get(o).unschedulable()).findFirst();
        if (unschedulable.isEmpty()) {
            return new Action.Wait("StartingNewBroker", "waiting for " + pod(in, coming.get(0)) + " to be Ready");
        }
        return in.restartAllowed() ? restart(in, cells, stale)
                : new Action.Wait("NoRoomForNewBroker", "no dedicated node has room for " + pod(in, unschedulable.get())
                        + ", which takes " + pod(in, stale) + "'s cell before it goes: add a node, or set "
                        + "spec.rollout.allowRestart to restart it in place");
    }

    /** Cells that cannot move: each out-of-date broker restarts in place, if allowed, one at a time. */
    private static Action inPlace(Inputs in, List<Integer> cells, String why) {
        Optional<Integer> stale = cells.stream().filter(o -> outOfDate(in, o)).findFirst();
        if (stale.isEmpty()) {
            return new Action.Idle();
        }
        return in.restartAllowed() ? restart(in, cells, stale.get())
                : new Action.Wait("CellsCannotMove", why + ": set spec.rollout.allowRestart to restart the brokers "
                        + "in place, one at a time");
    }

    /** Restarts {@code stale} once every routed broker is Ready, so that one cell at most is without its broker. */
    private static Action restart(Inputs in, List<Integer> cells, int stale) {
        return cells.stream().allMatch(o -> ready(in, o)) ? new Action.RestartInPlace(stale)
                : new Action.Wait("RestartingInPlace", "waiting for every routed broker to be Ready before the next "
                        + "restart in place");
    }

    /** Ordinals of the rollout's window that have a pod and that the map does not name, lowest first. */
    private static java.util.stream.Stream<Integer> unrouted(Inputs in, List<Integer> cells) {
        int window = window(in, cells);
        return in.brokers().keySet().stream().sorted().filter(o -> o < window && !cells.contains(o));
    }

    /** A cell's broker to replace: made from another template, or on a node being drained. */
    static boolean outOfDate(Inputs in, int ordinal) {
        Broker b = in.brokers().get(ordinal);
        return b != null && b.outOfDate(in.template());
    }

    private static boolean ready(Inputs in, int ordinal) {
        Broker b = in.brokers().get(ordinal);
        return b != null && b.ready();
    }

    /** Whether the map names ordinals 0 .. n-1, as a StatefulSet of n pods has them. */
    private static boolean contiguous(List<Integer> cells) {
        return cells.stream().mapToInt(Integer::intValue).max().orElse(-1) == cells.size() - 1;
    }

    private static String pod(Inputs in, int ordinal) {
        return Names.pod(in.address().apply(ordinal));
    }
}
