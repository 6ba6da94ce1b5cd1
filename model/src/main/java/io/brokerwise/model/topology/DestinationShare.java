package io.brokerwise.model.topology;

/**
 * One destination's part of the most loaded broker's work: the messages per second it brings there, their mean
 * service time (a topic's with the cost of the topics beside it), and the utilization they make, {@code rate x mean}.
 */
public record DestinationShare(Kind kind, String name, double arrivalRate, double meanServiceSeconds,
                               double utilization) {

    /** A topic of the layout, or a queue whose replica the broker carries beside them. */
    public enum Kind { Topic, Queue }
}
