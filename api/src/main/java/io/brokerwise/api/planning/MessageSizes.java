package io.brokerwise.api.planning;

import io.brokerwise.model.service.ServiceTimeProfile;
import java.util.ArrayList;
import java.util.List;

/**
 * Each destination's message size against the profile it is planned with: a size whose per-byte times reach no
 * finite time (a profile's receiveSecondsPerByte of 1e300, say) is refused naming the size's field, before the
 * planner meets it.
 */
public final class MessageSizes {

    private MessageSizes() {
    }

    /** @param queueProfiles the profile of each of {@code input.queues()}, in order */
    public static void check(PlanningInput input, ServiceTimeProfile topic, List<ServiceTimeProfile> queueProfiles) {
        List<String> problems = new ArrayList<>();
        for (int i = 0; i < input.topics().size(); i++) {
            sized(input.topicField(i) + ".messageSizeBytes", input.topics().get(i).workload().messageSizeBytes(), topic,
                    problems);
        }
        for (int i = 0; i < input.queues().size(); i++) {
            sized("spec.queues[" + i + "].messageSizeBytes", input.queues().get(i).messageSizeBytes(),
                    queueProfiles.get(i), problems);
        }
        if (!problems.isEmpty()) {
            throw new ManifestException(problems);
        }
    }

    private static void sized(String field, double bytes, ServiceTimeProfile profile, List<String> problems) {
        try {
            profile.atMessageSize(bytes);
        } catch (IllegalArgumentException e) {
            problems.add(field + ": with profile " + profile.name() + ", " + e.getMessage());
        }
    }
}
