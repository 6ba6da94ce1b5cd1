package io.brokerwise.broker;

import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.UnaryOperator;

/**
 * A user and password of a Brokerwise broker ({@link BrokerRole} says what each user may do). The operator
 * generates them once per topology and keeps them in Secrets; clients read theirs from the environment, under the
 * role's keys ({@code ARTEMIS_USER} and {@code ARTEMIS_PASSWORD} for the application user, the variable names the
 * official Artemis image uses, so one Secret serves both).
 */
public record BrokerCredentials(String user, String password) {

    public static final String USER_ENV = BrokerRole.APPLICATION.userKey();
    public static final String PASSWORD_ENV = BrokerRole.APPLICATION.passwordKey();

    private static final SecureRandom RANDOM = new SecureRandom();

    public BrokerCredentials {
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalArgumentException("broker credentials need a user and a password");
        }
    }

    /** A fresh application user "brokerwise" with a random password. */
    public static BrokerCredentials generate() {
        return generate(BrokerRole.APPLICATION);
    }

    /** A fresh user of this role, named after it, with a 24-byte random password (URL-safe: it survives env and URLs). */
    public static BrokerCredentials generate(BrokerRole role) {
        return new BrokerCredentials(role.role(), randomPassword());
    }

    /** A 24-byte random password, URL-safe. */
    public static String randomPassword() {
        byte[] secret = new byte[24];
        RANDOM.nextBytes(secret);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(secret);
    }

    /** The application user from the environment; a client without it stops rather than connect as nobody. */
    public static BrokerCredentials fromEnvironment() {
        return fromEnvironment(BrokerRole.APPLICATION);
    }

    /** The user of this role from the environment. */
    public static BrokerCredentials fromEnvironment(BrokerRole role) {
        return of(role, System::getenv);
    }

    /** The user of this role as {@code source} gives its keys (the environment, a mounted Secret's files). */
    public static BrokerCredentials of(BrokerRole role, UnaryOperator<String> source) {
        String user = source.apply(role.userKey());
        String password = source.apply(role.passwordKey());
        if (user == null || user.isBlank() || password == null || password.isBlank()) {
            throw new IllegalStateException(role.userKey() + " and " + role.passwordKey() + " must be set: give the "
                    + "broker credentials from the topology's Secrets");
        }
        return new BrokerCredentials(user.strip(), password.strip());
    }

    @Override
    public String toString() {
        return "BrokerCredentials[user=" + user + ", password=***]";
    }
}
