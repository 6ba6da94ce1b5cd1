package io.brokerwise.api.planning;

import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.BrokerProfileSpec;
import io.brokerwise.api.v1alpha1.FilterSpec;
import io.brokerwise.api.v1alpha1.PubSubTopologySpec;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.model.service.BuiltInProfiles;
import io.brokerwise.model.service.ProfileParameters;
import io.brokerwise.model.service.ServiceTimeModel;
import io.brokerwise.model.service.TopicCost;
import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/** Turns a BrokerProfile resource, or a built-in profile's name, into the model's profile. */
public final class ProfileResolver {

    private ProfileResolver() {
    }

    public static ServiceTimeProfile fromResource(BrokerProfile resource) {
        String name = resource.getMetadata() == null ? "unnamed" : resource.getMetadata().getName();
        List<String> problems = resource.getSpec() == null ? List.of("spec: required")
                : SpecValidator.validate(resource.getSpec(), "spec");
        if (!problems.isEmpty()) {
            throw new ManifestException(problems.stream().map(p -> "BrokerProfile " + name + ": " + p).toList());
        }
        BrokerProfileSpec.Parameters p = resource.getSpec().parameters;
        ServiceTimeModel model = ServiceTimeModel.named(resource.getSpec().model.name());
        if (p.distinctFilterSeconds != null && !model.chargesDistinctFilters()) {
            throw new ManifestException("BrokerProfile " + name + ": spec.parameters.distinctFilterSeconds: only model "
                    + "FilterSharing uses it; remove it or set spec.model: FilterSharing");
        }
        if (p.dispatchSqrtSeconds != null && !model.chargesSublinearDispatch()) {
            throw new ManifestException("BrokerProfile " + name + ": spec.parameters.dispatchSqrtSeconds: only model "
                    + "SublinearDispatch uses it; remove it or set spec.model: SublinearDispatch");
        }
        try {
            ProfileParameters parameters = new ProfileParameters(p.receiveSeconds, p.filterSeconds,
                    p.distinctFilterSeconds == null ? 0 : p.distinctFilterSeconds, p.dispatchSeconds,
                    p.dispatchSqrtSeconds == null ? 0 : p.dispatchSqrtSeconds,
                    p.maxOverallRate == null ? Double.NaN : p.maxOverallRate,
                    p.receiveSecondsPerByte == null ? 0 : p.receiveSecondsPerByte,
                    p.dispatchSecondsPerByte == null ? 0 : p.dispatchSecondsPerByte,
                    p.networkBitsPerSecond == null ? Double.NaN : p.networkBitsPerSecond,
                    p.latencyFloorSeconds == null ? 0 : p.latencyFloorSeconds,
                    p.poissonServiceFactor == null ? 1 : p.poissonServiceFactor,
                    p.registrationSeconds == null ? 0 : p.registrationSeconds,
                    p.sizeExponent == null ? 1 : p.sizeExponent,
                    p.topicSeconds == null ? TopicCost.NONE : new TopicCost(
                            p.topicCost == null ? TopicCost.Form.PerTopic : p.topicCost, p.topicSeconds));
            String source = resource.getStatus() != null && resource.getStatus().source != null
                    ? resource.getStatus().source : "BrokerProfile " + name;
            return new ServiceTimeProfile(name, model, parameters, source);
        } catch (IllegalArgumentException e) {
            throw new ManifestException("BrokerProfile " + name + ": spec.parameters: " + e.getMessage());
        }
    }

    /**
     * The profile a topology names: the BrokerProfile resource of that name among {@code resources} (the
     * caller keeps those the topology may see), else a built-in one.
     *
     * @param name  the profile's name, null when the topology names none
     * @param field how messages refer to where the name came from, e.g. spec.profileRef.name
     */
    public static ServiceTimeProfile resolve(String name, FilterSpec.Kind kind, Collection<BrokerProfile> resources,
                                             String field) {
        if (name == null) {
            throw new ManifestException(field + ": required");
        }
        return resources.stream().filter(r -> name.equals(r.getMetadata().getName())).findFirst()
                .map(ProfileResolver::fromResource)
                .or(() -> builtIn(name, kind))
                .orElseThrow(() -> unknown(name, field));
    }

    /**
     * The profile a topology plans with: its {@code profileRef}, else the built-in default for its delivery
     * mode ({@link PubSubTopologySpec#profileName()}).
     *
     * @param resources the BrokerProfile resources the topology may see
     */
    public static ServiceTimeProfile forTopology(PubSubTopologySpec spec, Collection<BrokerProfile> resources) {
        return resolve(spec.profileName(), filterKind(spec), resources, "spec.profileRef.name");
    }

    /**
     * The profile a queue plans with: the topology's {@code profileRef}, else the built-in default for the queue's
     * delivery mode; its consumers' selectors pick a built-in family's variant, as the workload's filters do.
     */
    public static ServiceTimeProfile forQueue(PubSubTopologySpec spec, QueueSpec queue,
                                              Collection<BrokerProfile> resources) {
        return resolve(spec.profileName(queue.persistent()), queue.selectorKind(), resources, "spec.profileRef.name");
    }

    /**
     * The filter kind a spec declares, if it gets that far; it picks a built-in family's variant. Topics whose
     * filters differ in kind plan with the application-property variant, whose filters cost more.
     */
    public static FilterSpec.Kind filterKind(PubSubTopologySpec spec) {
        List<FilterSpec.Kind> kinds = spec.workloads().stream().map(w -> w.filter == null ? null : w.filter.kind)
                .distinct().toList();
        return kinds.size() == 1 ? kinds.get(0) : kinds.isEmpty() ? null : FilterSpec.Kind.ApplicationProperty;
    }

    /** A built-in profile by full or family name; the filter kind picks the family's variant. */
    public static Optional<ServiceTimeProfile> builtIn(String name, FilterSpec.Kind kind) {
        return BuiltInProfiles.find(name, kind == null ? null : kind.name());
    }

    public static ProfileNotFoundException unknown(String name, String field) {
        return new ProfileNotFoundException(field + ": no BrokerProfile named '" + name + "'; give one with -f, or use a "
                + "built-in profile: " + String.join(", ", families()));
    }

    private static List<String> families() {
        return BuiltInProfiles.names().stream()
                .map(n -> n.replaceAll("-(correlation-id|application-property)$", ""))
                .distinct().toList();
    }
}
