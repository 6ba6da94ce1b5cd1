package io.brokerwise.measure;

import io.brokerwise.model.topology.Layout;
import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The load and the layout a {@link LoadResult} was measured with: its {@code spec} in the JSON, so that a result
 * file says what it measured without the command that made it.
 *
 * @param layout           k x l, such as "1x2"
 * @param copiesPerMessage brokers each message goes to (its row's, one per column)
 * @param clientSlice      "i/n": this client process's share of the load ({@link ClientSlice})
 * @param ratePerPublisher messages/s per publisher in rate mode; absent when saturated
 * @param deliveryMode     Persistent or NonPersistent
 */
public record MeasuredLoad(String layout, int brokers, int copiesPerMessage, String clientSlice, int publishers,
                           LoadSpec.Mode mode, @JsonInclude(JsonInclude.Include.NON_NULL) Double ratePerPublisher,
                           String deliveryMode, int r, int mAdd, SelectorDesign.Kind filterKind,
                           SelectorDesign.Shape filterShape, int components, int messageBytes, double warmupSeconds,
                           double measureSeconds, double cooldownSeconds) {

    static MeasuredLoad of(LoadSpec spec, Target target, ClientSlice slice) {
        SelectorDesign design = spec.design();
        return new MeasuredLoad(new Layout(target.map().publisherGroups(), target.map().subscriberGroups()).dimensions(),
                target.brokers(), target.copiesPerMessage(), slice.index() + "/" + slice.count(), spec.publishers(),
                spec.mode(), spec.mode() == LoadSpec.Mode.rate ? spec.ratePerPublisher() : null,
                spec.persistent() ? "Persistent" : "NonPersistent", design.r(), design.mAdd(), design.kind(),
                design.shape(), design.components(), spec.messageBytes(), spec.warmup().toMillis() / 1e3,
                spec.measure().toMillis() / 1e3, spec.cooldown().toMillis() / 1e3);
    }
}
