package io.brokerwise.cli;

import io.brokerwise.api.planning.ManifestException;
import io.brokerwise.api.planning.ManifestReader;
import io.brokerwise.api.planning.MessageSizes;
import io.brokerwise.api.planning.PlanningInput;
import io.brokerwise.api.planning.QueuePlan;
import io.brokerwise.api.planning.ProfileResolver;
import io.brokerwise.api.planning.SpecValidator;
import io.brokerwise.api.v1alpha1.BrokerProfile;
import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.api.v1alpha1.QueuePlanStatus;
import io.brokerwise.api.v1alpha1.QueueSpec;
import io.brokerwise.model.service.ServiceTimeProfile;
import io.brokerwise.model.topology.Plan;
import io.brokerwise.model.topology.TopologyPlanner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** The manifests a command reads: one PubSubTopology and the profiles it plans with, the topic's and each queue's. */
final class TopologyInput {

    @Option(names = {"-f", "--filename"}, required = true, paramLabel = "FILE",
            description = "A manifest with the PubSubTopology, and optionally the BrokerProfile it names; repeatable.")
    List<Path> files;

    @Option(names = "--profile", paramLabel = "NAME",
            description = "Plan with this profile instead of spec.profileRef (or the default, "
                    + "artemis-2.56-halfcore-nonpersistent): a BrokerProfile from -f or a built-in "
                    + "(see 'brokerwise profiles').")
    String profileName;

    /** @param queueProfiles the profile of each of spec.queues, in order */
    record Loaded(PubSubTopology topology, ServiceTimeProfile profile, List<ServiceTimeProfile> queueProfiles) {

        /** The spec as the planner takes it, with at most {@code maxBrokers} brokers when that is not null. */
        PlanningInput input(Integer maxBrokers) {
            PlanningInput declared = PlanningInput.of(topology);
            return maxBrokers == null ? declared : declared.withAvailableBrokers(maxBrokers);
        }

        /** The topics' layout, its most loaded broker carrying a replica of each queue beside them. */
        Plan plan(PlanningInput in) {
            return new TopologyPlanner().plan(in.topics(), QueuePlan.onLayout(QueuePlan.all(in, queueProfiles)),
                    profile, in.objectives(), in.limits(), in.mode());
        }

        /** Each queue's plan as the report has it; null without queues, so that a topic's report stays as it was. */
        List<QueuePlanStatus> queuePlans(PlanningInput in) {
            return QueuePlan.report(QueuePlan.all(in, queueProfiles));
        }
    }

    Loaded load() throws IOException {
        ManifestReader reader = new ManifestReader();
        for (Path file : files) {
            if (!Files.isReadable(file)) {
                throw new ManifestException(file + ": no such file");
            }
            try (var in = Files.newBufferedReader(file)) {
                reader.add(in, file.toString());
            }
        }
        PubSubTopology topology = reader.one(PubSubTopology.class);
        if (topology.getSpec() == null) {
            throw new ManifestException("spec: required");
        }
        // report the spec's problems and the profile's together, so one run shows everything to change
        List<String> problems = new ArrayList<>(SpecValidator.validate(topology));
        ServiceTimeProfile profile = null;
        try {
            profile = profile(reader, topology);
        } catch (ManifestException e) {
            problems.addAll(e.problems());
        }
        if (!problems.isEmpty()) {
            throw new ManifestException(problems);
        }
        // after the topic's: a profile name they share would otherwise be reported once per queue
        List<ServiceTimeProfile> queueProfiles = queueProfiles(reader, topology);
        MessageSizes.check(PlanningInput.of(topology), profile, queueProfiles);
        return new Loaded(topology, profile, queueProfiles);
    }

    private ServiceTimeProfile profile(ManifestReader reader, PubSubTopology topology) {
        var spec = topology.getSpec();
        var resources = reader.all(BrokerProfile.class);
        return profileName == null ? ProfileResolver.forTopology(spec, resources)
                : ProfileResolver.resolve(profileName, ProfileResolver.filterKind(spec), resources, "--profile");
    }

    /** As the topic's, {@code --profile} or the topology's profile; by default the variant of each queue's delivery. */
    private List<ServiceTimeProfile> queueProfiles(ManifestReader reader, PubSubTopology topology) {
        var spec = topology.getSpec();
        var resources = reader.all(BrokerProfile.class);
        List<ServiceTimeProfile> profiles = new ArrayList<>();
        for (QueueSpec queue : spec.queues == null ? List.<QueueSpec>of() : spec.queues) {
            profiles.add(profileName == null ? ProfileResolver.forQueue(spec, queue, resources)
                    : ProfileResolver.resolve(profileName, queue.selectorKind(), resources, "--profile"));
        }
        return profiles;
    }
}
