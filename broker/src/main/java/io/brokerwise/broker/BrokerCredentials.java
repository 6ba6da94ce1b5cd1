package io.brokerwise.broker;

import java.security.SecureRandom;
import java.util.Base64;

/**
 * The one user a Brokerwise broker admits. The operator generates it once per topology and keeps it in a
 * Secret; the broker reads it from the environment ({@link #USER_ENV}, {@link #PASSWORD_ENV}), the same
 * variable names the official Artemis image uses, so one Secret serves both.
 */
public record BrokerCredentials(String user, String password) {

    public static final String USER_ENV = "ARTEMIS_USER";
    public static final String PASSWORD_ENV = "ARTEMIS_PASSWORD";

    private static final SecureRandom RANDOM = new SecureRandom();

    public BrokerCredentials {
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalArgumentException("broker credentials need a user and a password");
        }
    }

    /** A fresh user "brokerwise" with a 24-byte random password (URL-safe, so it survives env and URLs). */
    public static BrokerCredentials generate() {
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        return new BrokerCredentials("brokerwise", Base64.getUrlEncoder().withoutPadding().encodeToString(secret));
    }

    /** Reads the credentials from the environment; a broker without them refuses to start rather than run open. */
    public static BrokerCredentials fromEnvironment() {
        String user = System.getenv(USER_ENV);
        String password = System.getenv(PASSWORD_ENV);
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalStateException(USER_ENV + " and " + PASSWORD_ENV + " must be set: give the broker "
                    + "credentials from a Secret");
        }
        return new BrokerCredentials(user, password);
    }

    @Override
    public String toString() {
        return "BrokerCredentials[user=" + user + ", password=***]";
    }
}
