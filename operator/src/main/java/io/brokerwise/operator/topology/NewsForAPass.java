package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.fabric8.kubernetes.api.model.ObjectMeta;
import io.javaoperatorsdk.operator.processing.event.source.filter.OnUpdateFilter;
import java.util.Objects;

/**
 * Which updates of a topology start a pass: its spec (the generation), its annotations (a plan's approval, the pause
 * switch), labels, finalizers and deletion, and a status that lost what the operator writes (wiped by someone else).
 * Not the operator's own status writes: a pass that changed the status would otherwise start another that finds
 * nothing new, twice the passes for every window a fleet observes.
 */
public class NewsForAPass implements OnUpdateFilter<PubSubTopology> {

    @Override
    public boolean accept(PubSubTopology now, PubSubTopology before) {
        ObjectMeta n = now.getMetadata();
        ObjectMeta b = before.getMetadata();
        return !Objects.equals(n.getGeneration(), b.getGeneration())
                || !Objects.equals(n.getAnnotations(), b.getAnnotations())
                || !Objects.equals(n.getLabels(), b.getLabels())
                || !Objects.equals(n.getFinalizers(), b.getFinalizers())
                || !Objects.equals(n.getDeletionTimestamp(), b.getDeletionTimestamp())
                || statusLost(now);
    }

    /** Every pass writes the generation it observed; a status without one was not left by the operator. */
    private static boolean statusLost(PubSubTopology topology) {
        return topology.getStatus() == null || topology.getStatus().observedGeneration == null;
    }
}
