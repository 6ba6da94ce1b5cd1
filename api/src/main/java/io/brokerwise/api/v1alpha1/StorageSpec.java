package io.brokerwise.api.v1alpha1;

import com.fasterxml.jackson.annotation.JsonPropertyDescription;
import io.fabric8.generator.annotation.Default;
import io.fabric8.generator.annotation.Pattern;
import io.fabric8.generator.annotation.ValidationRule;
import io.fabric8.kubernetes.api.model.Quantity;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * The volume each broker keeps its journal on, when the topology needs one
 * ({@link WorkloadSpec#needsJournal()}); docs/persistence.md derives the minimum size.
 */
public class StorageSpec {

    /** The least a journal volume may have: {@code BrokerConfiguration.journalBytesNeeded()} rounded up. */
    public static final String MINIMUM_SIZE = "256Mi";
    static final String TOO_SMALL = "storage.size must be a quantity of at least " + MINIMUM_SIZE
            + " (the journal's files and the messages a broker may hold, under max-disk-usage)";

    @Pattern("^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$")
    @JsonPropertyDescription("The StorageClass of each broker's journal claim. Default: the operator's "
            + "(the chart's journal.storageClassName), else the cluster's default class. A change is refused on a "
            + "running topology (docs/operations.md, Changing a topology's storage).")
    public String storageClassName;

    @ValidationRule(value = "isQuantity(self) && quantity(self).compareTo(quantity('" + MINIMUM_SIZE + "')) >= 0",
            message = TOO_SMALL)
    @Pattern("^[0-9]+(\\.[0-9]+)?(Ki|Mi|Gi|Ti|k|M|G|T)?$")
    @JsonPropertyDescription("Size of each broker's journal volume, a Kubernetes quantity (bytes: 512Mi, 2Gi), at "
            + "least " + MINIMUM_SIZE + ". Default: the operator's (the chart's journal.size, 1Gi). A change is "
            + "refused on a running topology.")
    public String size;

    @Default("{}")
    @JsonPropertyDescription("What becomes of the journal claims when the topology is deleted or shrinks. "
            + "Default: both deleted.")
    public RetentionSpec retention = new RetentionSpec();

    /** The StatefulSet's persistentVolumeClaimRetentionPolicy, in its words. */
    public static class RetentionSpec {

        @Default("Delete")
        @JsonPropertyDescription("Delete or Retain the brokers' journal claims when the topology is deleted. "
                + "Default: Delete.")
        public Policy whenDeleted;

        @Default("Delete")
        @JsonPropertyDescription("Delete or Retain the journal claim of a broker a shrinking layout retires. "
                + "Default: Delete: a retired broker holds no message (it is drained first).")
        public Policy whenScaled;
    }

    public enum Policy { Delete, Retain }

    /** What the CEL rule on size refuses, for the offline checks: one message naming the field. */
    public static List<String> problems(StorageSpec storage, String path) {
        List<String> problems = new ArrayList<>();
        if (storage != null && storage.size != null && !atLeastMinimum(storage.size)) {
            problems.add(path + ".size: '" + storage.size + "': " + TOO_SMALL);
        }
        return problems;
    }

    /** Whether a size is a quantity of at least {@link #MINIMUM_SIZE}. */
    public static boolean atLeastMinimum(String size) {
        try {
            return Quantity.getAmountInBytes(new Quantity(size))
                    .compareTo(Quantity.getAmountInBytes(new Quantity(MINIMUM_SIZE))) >= 0;
        } catch (IllegalArgumentException | ArithmeticException e) {
            return false;
        }
    }

    /** {@link #MINIMUM_SIZE} in bytes. */
    public static BigDecimal minimumBytes() {
        return Quantity.getAmountInBytes(new Quantity(MINIMUM_SIZE));
    }
}
