package io.brokerwise.operator;

import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.informers.cache.BasicItemStore;
import io.fabric8.kubernetes.client.informers.cache.Cache;

/**
 * An informer's cache that keeps its objects without their managed fields. Those nest a map for every field each
 * manager wrote, and were most of the operator's live heap with a fleet of topologies (benchmarks/RESULTS.md,
 * Operator reconcile latency and memory). Only for objects the operator reads and never server-side applies and
 * compares: the dependents' informers keep theirs, since JOSDK's matcher reads the operator's own entry.
 */
public class LeanItemStore<R extends HasMetadata> extends BasicItemStore<R> {

    public LeanItemStore() {
        super(Cache::metaNamespaceKeyFunc);
    }

    @Override
    public R put(String key, R object) {
        object.getMetadata().setManagedFields(null);
        return super.put(key, object);
    }
}
