package io.brokerwise.operator.dependent;

import io.brokerwise.api.v1alpha1.StorageSpec;
import io.brokerwise.operator.layout.Conditions;
import io.brokerwise.operator.layout.Names;
import io.fabric8.kubernetes.api.model.apps.StatefulSet;
import io.fabric8.kubernetes.api.model.storage.StorageClass;
import java.util.Collection;
import java.util.Optional;

/**
 * Whether the brokers' journal claims can be applied as asked, checked before anything of a layout is applied: a
 * refusal keeps what runs as it is and says why, never a StatefulSet half changed or pods waiting on a claim no
 * class can bind.
 */
public final class JournalStorage {

    /** The annotation that makes a StorageClass the cluster's default, for claims that name none. */
    static final String DEFAULT_CLASS_ANNOTATION = "storageclass.kubernetes.io/is-default-class";

    private JournalStorage() {
    }

    /**
     * Why the brokers' journal storage cannot be applied, as the Deployed condition says it; empty when it can.
     *
     * @param running the brokers' StatefulSet as it runs, if it does
     * @param classes the cluster's StorageClasses
     */
    public static Optional<Conditions.Verdict> refusal(BrokerSet brokers, Optional<StatefulSet> running,
                                                       Collection<StorageClass> classes) {
        Optional<JournalClaim> asked = Optional.ofNullable(brokers.claim());
        return changed(brokers, asked, running).or(() -> asked.flatMap(c -> tooSmall(c).or(() -> unknownClass(brokers, c, classes))));
    }

    /** A StatefulSet keeps the claims it was made with: the API server refuses to change them. */
    private static Optional<Conditions.Verdict> changed(BrokerSet brokers, Optional<JournalClaim> asked,
                                                        Optional<StatefulSet> running) {
        if (running.isEmpty()) {
            return Optional.empty();
        }
        Optional<JournalClaim> made = JournalClaim.of(running.get());
        boolean same = made.isPresent() == asked.isPresent()
                && made.map(m -> m.sameVolumeAs(asked.get())).orElse(true);
        if (same) {
            return Optional.empty();
        }
        String statefulSet = Names.statefulSet(brokers.name());
        return Optional.of(refused("StorageChangeRefused", "the brokers run with " + journal(made) + " and the spec asks "
                + "for " + journal(asked) + "; a StatefulSet's volume claims cannot change, so the brokers keep running "
                + "as they are and nothing else of this change is applied. To apply it, delete the StatefulSet and "
                + "keep its pods (kubectl delete statefulset " + statefulSet + " --cascade=orphan): the operator makes "
                + "it anew and rolls the brokers onto it one at a time (docs/operations.md, Changing a topology's "
                + "storage); or change spec.storage back"));
    }

    /** The operator's default size (the chart's journal.size) is not checked by the CRD as a spec's size is. */
    private static Optional<Conditions.Verdict> tooSmall(JournalClaim claim) {
        if (StorageSpec.atLeastMinimum(claim.size().toString())) {
            return Optional.empty();
        }
        return Optional.of(refused("JournalTooSmall", "the journal volume would have " + claim.size()
                + ", less than the " + StorageSpec.MINIMUM_SIZE + " a journal needs: set spec.storage.size, or the "
                + "operator's default (the chart's journal.size)"));
    }

    private static Optional<Conditions.Verdict> unknownClass(BrokerSet brokers, JournalClaim claim,
                                                             Collection<StorageClass> classes) {
        String firstClaim = JournalClaim.claimName(Names.statefulSet(brokers.name()), 0);
        if (claim.storageClassName() == null) {
            boolean hasDefault = classes.stream().anyMatch(c -> "true".equals(
                    c.getMetadata().getAnnotations() == null ? null
                            : c.getMetadata().getAnnotations().get(DEFAULT_CLASS_ANNOTATION)));
            return hasDefault ? Optional.empty() : Optional.of(refused("StorageClassNotFound", "the journal claims ("
                    + firstClaim + " onwards) name no storage class and the cluster has no default one, so they "
                    + "would never bind: set spec.storage.storageClassName, or the chart's journal.storageClassName"));
        }
        boolean exists = classes.stream().anyMatch(c -> claim.storageClassName().equals(c.getMetadata().getName()));
        return exists ? Optional.empty() : Optional.of(refused("StorageClassNotFound", "storage class "
                + claim.storageClassName() + " does not exist, so the journal claims (" + firstClaim + " onwards) "
                + "would never bind: create it, or name another in spec.storage.storageClassName"));
    }

    private static String journal(Optional<JournalClaim> claim) {
        return claim.map(c -> "a journal volume of " + c.describe()).orElse("no journal volume");
    }

    private static Conditions.Verdict refused(String reason, String message) {
        return new Conditions.Verdict(Conditions.DEPLOYED, false, reason, message);
    }
}
