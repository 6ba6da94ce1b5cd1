package io.brokerwise.operator;

import io.brokerwise.operator.layout.Conditions;
import io.fabric8.kubernetes.api.model.Condition;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.client.KubernetesClient;
import io.javaoperatorsdk.operator.api.reconciler.UpdateControl;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * What one reconciliation pass concludes for its resource: the status it writes, each condition it sets (with an
 * event when one changes, {@link ResourceEvents}), and how soon it asks to look again. Every reconciler's pass
 * records through one of these, so that a condition never changes without its event.
 *
 * @param <S> the resource's status type
 */
public final class Outcome<S> {

    public final S status;
    private final HasMetadata resource;
    private final List<Condition> conditions;
    private final KubernetesClient client;
    /** The soonest the pass asked to look again; empty when only a change of a watched resource is news. */
    private Optional<Duration> again = Optional.empty();

    public Outcome(HasMetadata resource, S status, List<Condition> conditions, KubernetesClient client) {
        this.resource = resource;
        this.status = status;
        this.conditions = conditions;
        this.client = client;
    }

    /** Sets a condition that may be "Unknown" (Verified while its check measures, a run's Succeeded while it runs). */
    public void set(String type, String value, String reason, String message) {
        ResourceEvents.setCondition(client, resource, conditions, type, value, reason, message);
    }

    public void set(String type, boolean value, String reason, String message) {
        set(type, value ? "True" : "False", reason, message);
    }

    public void set(Conditions.Verdict verdict) {
        set(verdict.type(), verdict.value(), verdict.reason(), verdict.message());
    }

    public void remove(String type) {
        conditions.removeIf(c -> type.equals(c.getType()));
    }

    /** Asks for another pass within {@code delay}; of several asks, the soonest wins. */
    public void lookAgainIn(Duration delay) {
        again = Optional.of(again.filter(d -> d.compareTo(delay) < 0).orElse(delay));
    }

    /** {@code control}, rescheduled when the pass asked to look again. */
    public <P extends HasMetadata> UpdateControl<P> schedule(UpdateControl<P> control) {
        return again.map(control::rescheduleAfter).orElse(control);
    }
}
