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

    String url(String hostPort) {
        return "tcp://" + hostPort + (urlParameters.isEmpty() ? "" : "?" + urlParameters);
    }
}
