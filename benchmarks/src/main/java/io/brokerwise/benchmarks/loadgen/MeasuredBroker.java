package io.brokerwise.benchmarks.loadgen;

/** A broker under measurement: where it listens and, if this process can see it, its CPU time so far. */
interface MeasuredBroker {

    String address();

    /** CPU seconds used so far, NaN when the broker runs elsewhere (a pod on another node). */
    double cpuSeconds();

    /** A broker the load generator reaches but cannot look into: its CPU comes from the node's metrics. */
    static MeasuredBroker remote(String address) {
        return new MeasuredBroker() {
            @Override
            public String address() {
                return address;
            }

            @Override
            public double cpuSeconds() {
                return Double.NaN;
            }
        };
    }
}
