package io.brokerwise.model.topology;

/**
 * Which layouts a plan may use: Auto searches the whole k x l grid; PSR and SSR search their row or
 * column unless the group count is fixed; Grid evaluates exactly the fixed k x l.
 */
public record TopologyMode(Kind kind, int publisherGroups, int subscriberGroups) {

    public enum Kind { AUTO, PSR, SSR, GRID }

    /** 0 means "let the planner choose". */
    public static final int FREE = 0;

    public static TopologyMode auto() {
        return new TopologyMode(Kind.AUTO, FREE, FREE);
    }

    public TopologyMode {
        boolean fixedPublishers = publisherGroups != FREE;
        boolean fixedSubscribers = subscriberGroups != FREE;
        if (publisherGroups < 0 || subscriberGroups < 0) {
            throw new IllegalArgumentException("group counts must be positive");
        }
        switch (kind) {
            case AUTO -> require(!fixedPublishers && !fixedSubscribers, "mode Auto takes no group counts");
            case PSR -> require(!fixedSubscribers || subscriberGroups == 1, "mode PSR has one subscriber group");
            case SSR -> require(!fixedPublishers || publisherGroups == 1, "mode SSR has one publisher group");
            case GRID -> require(fixedPublishers && fixedSubscribers, "mode Grid needs publisherGroups and subscriberGroups");
        }
    }

    private static void require(boolean condition, String message) {
        if (!condition) {
            throw new IllegalArgumentException(message);
        }
    }
}
