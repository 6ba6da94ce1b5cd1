package io.brokerwise.client;

import java.util.Objects;

/**
 * How the library connects: the broker user (from the topology's Secret) and extra Artemis connection URL
 * parameters, e.g. {@code blockOnDurableSend=false} for asynchronous persistent sends in the load generator.
 */
public record ClientOptions(String user, String password, String urlParameters) {

    public ClientOptions {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        urlParameters = urlParameters == null ? "" : urlParameters;
    }

    public static ClientOptions of(String user, String password) {
        return new ClientOptions(user, password, "");
    }

    /**
     * Reconnect without end while the link exists: when a broker restarts (a pod replaced behind the same DNS
     * name), Artemis's client reconnects and re-creates the session's consumers, and with them the
     * non-durable subscription queues, so a subscriber is registered again without a new routing map.
     * Sends on that link wait while it reconnects. Closing the link (the broker left the map) ends the retries.
     * A killed pod sends no reset, so a link learns of it only from silence: it pings every 5 s and fails when 5 s
     * pass without a packet, not Artemis's 30 s (measured on the local cluster: a column waited 60 s for a broker
     * that was back in 10). An attempt gives up after 3 s, not 30: the JVM caches a name's old address for 30 s,
     * and an attempt at a replaced pod's old address gets no answer at all. The brokers drop a silent client
     * after 15 s, not 60, so a killed subscriber's queue stops filling sooner.
     */
    static final String RECONNECT = "reconnectAttempts=-1&retryInterval=200&retryIntervalMultiplier=2"
            + "&maxRetryInterval=5000&connectTimeoutMillis=3000&clientFailureCheckPeriod=5000&connectionTTL=15000";

    String url(String hostPort) {
        return "tcp://" + hostPort + "?" + RECONNECT + (urlParameters.isEmpty() ? "" : "&" + urlParameters);
    }
}
