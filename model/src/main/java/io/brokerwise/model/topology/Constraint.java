package io.brokerwise.model.topology;

/** What can make a layout infeasible, cheapest check first. */
public enum Constraint {
    MAX_BROKERS("MaxBrokers"),
    CONNECTIONS("ConnectionsPerBroker"),
    UTILIZATION("Utilization"),
    WAITING_TIME("WaitingTime");

    private final String reason;

    Constraint(String reason) {
        this.reason = reason;
    }

    /** A CamelCase word fit for a Kubernetes condition reason. */
    public String reason() {
        return reason;
    }
}
