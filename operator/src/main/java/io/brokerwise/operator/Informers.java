package io.brokerwise.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.javaoperatorsdk.operator.api.reconciler.Context;
import io.javaoperatorsdk.operator.processing.event.ResourceID;
import io.javaoperatorsdk.operator.processing.event.source.informer.InformerEventSource;
import java.util.List;
import java.util.Optional;

/** Reads a reconciler's named informers: the whole cache, or one object by name. */
public final class Informers {

    private Informers() {
    }

    public static <R extends HasMetadata, P extends HasMetadata> List<R> list(Context<P> context, Class<R> type,
                                                                                String source) {
        return informer(context, type, source).list().toList();
    }

    public static <R extends HasMetadata, P extends HasMetadata> Optional<R> get(Context<P> context, Class<R> type,
                                                                                   String source, String name,
                                                                                   String namespace) {
        return informer(context, type, source).get(new ResourceID(name, namespace));
    }

    @SuppressWarnings("unchecked")
    private static <R extends HasMetadata, P extends HasMetadata> InformerEventSource<R, P> informer(
            Context<P> context, Class<R> type, String source) {
        return (InformerEventSource<R, P>) context.eventSourceRetriever().getEventSourceFor(type, source);
    }
}
