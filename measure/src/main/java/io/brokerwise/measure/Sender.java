package io.brokerwise.measure;

/** One publisher's way of sending the n-th message of its loop, stamped with the time the send was meant for. */
interface Sender {

    /** Messages built in advance and reused in turn (JMS lets a message be re-sent once send returns). */
    int POOL = 16;

    void send(long n, long intendedNanos) throws Exception;
}
