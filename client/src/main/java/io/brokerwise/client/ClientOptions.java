package io.brokerwise.client;

import java.util.Objects;

/**
 * How the library connects: the broker user (from the topology's Secret), extra Artemis connection URL
 * parameters, e.g. {@code blockOnDurableSend=false} for asynchronous persistent sends in the load generator, and
 * the CA of brokers that speak TLS. The topology's Secret holds that CA as {@value #CA_ENV} exactly when its brokers
 * speak TLS, so a client that takes the Secret's keys as its environment connects as the brokers expect.
 *
 * @param trustedCa PEM certificate(s) of the CA the brokers' certificates chain to: the client connects with TLS,
 *                  trusts that CA alone and checks that the broker's certificate names the host it dialled;
 *                  null: plain TCP
 */
public record ClientOptions(String user, String password, String urlParameters, String trustedCa) {

    /** The topology Secret's key (and environment variable) of the brokers' CA, present when they speak TLS. */
    public static final String CA_ENV = "ARTEMIS_CA";

    public ClientOptions {
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(password, "password");
        urlParameters = urlParameters == null ? "" : urlParameters;
        trustedCa = trustedCa == null || trustedCa.isBlank() ? null : trustedCa;
    }

    public ClientOptions(String user, String password, String urlParameters) {
        this(user, password, urlParameters, null);
    }

    public static ClientOptions of(String user, String password) {
        return new ClientOptions(user, password, "");
    }

    /** The same user and parameters, with TLS to brokers whose certificates chain to this CA (null: plain TCP). */
    public ClientOptions trusting(String caPem) {
        return new ClientOptions(user, password, urlParameters, caPem);
    }

    /** The same, trusting the CA of {@value #CA_ENV} if the environment has it (a topology Secret's key). */
    public ClientOptions trustingEnvironmentCa() {
        return trusting(System.getenv(CA_ENV));
    }

    /**
     * Reconnect without end while the link exists: when a broker restarts (a pod replaced behind the same DNS
     * name), Artemis's client reconnects and re-creates the session's consumers, and with them the
     * non-durable subscription queues, so a subscriber is registered again without a new routing map.
     * Sends on that link wait while it reconnects (up to Artemis's call-failover timeout, 30 s; see
     * {@link RetriedSend} for the send that meets the session's re-attachment).
     * Closing the link (the broker left the map) ends the retries.
     * A killed pod sends no reset, so a link learns of it only from silence: it pings every 5 s and fails when 5 s
     * pass without a packet, not Artemis's 30 s (measured on the local cluster: a column waited 60 s for a broker
     * that was back in 10). An attempt gives up after 3 s, not 30: the JVM caches a name's old address for 30 s,
     * and an attempt at a replaced pod's old address gets no answer at all. The brokers drop a silent client
     * after 15 s, not 60, so a killed subscriber's queue stops filling sooner.
     */
    static final String RECONNECT = "reconnectAttempts=-1&retryInterval=200&retryIntervalMultiplier=2"
            + "&maxRetryInterval=5000&connectTimeoutMillis=3000&clientFailureCheckPeriod=5000&connectionTTL=15000";

    String url(String hostPort) {
        return "tcp://" + hostPort + "?" + RECONNECT + parameters();
    }

    /**
     * One broker's URL as the library dials it (its parameters, its TLS trust) but without reconnection: a
     * connection to it fails when the broker goes, for a tool that must see a broker's restart as a restart.
     */
    public String urlWithoutReconnection(String hostPort) {
        return "tcp://" + hostPort + "?reconnectAttempts=0" + parameters();
    }

    private String parameters() {
        return (urlParameters.isEmpty() ? "" : "&" + urlParameters)
                + (trustedCa == null ? "" : "&" + TrustStore.of(trustedCa).urlParameters());
    }
}
