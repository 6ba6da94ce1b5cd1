package io.brokerwise.measure.contract;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * The load and the layout a {@link LoadResult} was measured with: its {@code spec} in the JSON, so that a result
 * file says what it measured without the command that made it.
 *
 * @param layout           k x l, such as "1x2"
 * @param copiesPerMessage brokers each message goes to (its row's, one per column)
 * @param clientSlice      "i/n": this client process's share of the load (the measure module's {@code ClientSlice})
 * @param ratePerPublisher messages/s per publisher in rate mode; absent when saturated
 * @param deliveryMode     Persistent or NonPersistent
 * @param durableSubscriptions whether the subscriptions were durable: only then are persistent messages journaled
 */
public record MeasuredLoad(String layout, int brokers, int copiesPerMessage, String clientSlice, int publishers,
                           LoadSpec.Mode mode, @JsonInclude(JsonInclude.Include.NON_NULL) Double ratePerPublisher,
                           String deliveryMode, boolean durableSubscriptions, int r, int mAdd,
                           SelectorDesign.Kind filterKind, SelectorDesign.Shape filterShape, int components,
                           int messageBytes, double warmupSeconds, double measureSeconds, double cooldownSeconds) {
}
