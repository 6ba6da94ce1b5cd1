package io.brokerwise.model.service;

import java.util.Optional;

/** What a profile leaves uncharged, as a plan's notes say it: a topic's plan and a queue's say it alike. */
public final class ProfileCaveats {

    private ProfileCaveats() {
    }

    /** @param what the selectors the components are of, e.g. "filter components" */
    public static Optional<String> components(String what, int components, ServiceTimeProfile profile) {
        if (components <= 1 || profile.model().chargesComponents()) {
            return Optional.empty();
        }
        return Optional.of(what + " (" + components + ") are not charged by model " + profile.model().name() + " ("
                + profile.model().equation() + "); a FilterLength profile charges them");
    }

    public static Optional<String> messageSize(int bytes, ServiceTimeProfile profile) {
        if (profile.parameters().chargesSize()) {
            return Optional.empty();
        }
        return Optional.of("message size (" + bytes + " B) is not charged: profile " + profile.name() + " has no "
                + "per-byte times (receiveSecondsPerByte, dispatchSecondsPerByte), so its per-message times stand for "
                + "the size it was measured at");
    }
}
