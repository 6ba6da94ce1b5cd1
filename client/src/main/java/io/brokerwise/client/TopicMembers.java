package io.brokerwise.client;

import java.util.ArrayList;
import java.util.List;

/**
 * One topic's publishers and subscribers in a client: ElectQueue places them on the layout's rows and columns apart
 * from the other topics' (docs/models.md sec. 12), so each topic spreads evenly on its own.
 */
final class TopicMembers {

    final GroupElection publisherGroups;
    final GroupElection subscriberGroups;
    final List<Publisher> publishers = new ArrayList<>();
    final List<Subscriber> subscribers = new ArrayList<>();
    /** Subscribers of named subscriptions: each sits in its subscription's column, outside the election. */
    final List<Subscriber> keyed = new ArrayList<>();
    /** Each member's group in the layout an update moves to, worked out at its start; -1 where a move failed. */
    int[] publisherTargets = new int[0];
    int[] subscriberTargets = new int[0];
    int[] keyedTargets = new int[0];

    TopicMembers(int publisherGroups, int subscriberGroups, int clientIndex) {
        this.publisherGroups = new GroupElection(publisherGroups, clientIndex);
        this.subscriberGroups = new GroupElection(subscriberGroups, clientIndex);
    }
}
