package io.brokerwise.operator.topology;

import io.brokerwise.api.v1alpha1.PubSubTopology;
import io.brokerwise.operator.LeanItemStore;

/** The topologies' cache, without managed fields: the operator writes their status alone and compares none. */
public class TopologyStore extends LeanItemStore<PubSubTopology> {
}
