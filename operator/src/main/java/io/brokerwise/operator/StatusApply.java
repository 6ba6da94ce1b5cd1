package io.brokerwise.operator;

import io.fabric8.kubernetes.api.model.ObjectMetaBuilder;
import io.fabric8.kubernetes.client.CustomResource;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.api.reconciler.PrimaryUpdateAndCacheUtils;
import java.util.function.Supplier;

/**
 * Writes a resource's status alone: a server-side apply of its name and status, the spec left out, with the result
 * cached for the next pass. A spec may hold characters the API server takes in JSON but refuses in an apply (DEL,
 * C1 controls), and a status patch that carried it would never be written.
 */
public final class StatusApply {

    private StatusApply() {
    }

    /** Applies {@code resource}'s status; {@code empty} makes a blank resource of its kind to carry it. */
    public static <S, R extends CustomResource<?, S>> void of(R resource, Supplier<R> empty, Context<R> context) {
        R statusOnly = empty.get();
        statusOnly.setMetadata(new ObjectMetaBuilder().withName(resource.getMetadata().getName())
                .withNamespace(resource.getMetadata().getNamespace()).build());
        statusOnly.setStatus(resource.getStatus());
        PrimaryUpdateAndCacheUtils.ssaPatchStatusAndCacheResource(resource, statusOnly, context);
    }
}
