package io.brokerwise.broker;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Every user a broker admits: one per {@link BrokerRole}, and, during a password rotation, the previous password of
 * a role that the broker still takes beside the new one (docs/operations.md), so that clients which have not yet
 * picked up the new password keep working until they do.
 *
 * @param previousPasswords by role, the passwords being rotated out; empty outside a rotation
 */
public record BrokerUsers(BrokerCredentials application, BrokerCredentials metrics, BrokerCredentials management,
                          Map<BrokerRole, String> previousPasswords) {

    public BrokerUsers {
        if (application == null || metrics == null || management == null) {
            throw new IllegalArgumentException("a broker needs its application, metrics and management users");
        }
        Set<String> names = new HashSet<>(Set.of(application.user()));
        if (!names.add(metrics.user()) || !names.add(management.user())) {
            throw new IllegalArgumentException("the application, metrics and management users must have different "
                    + "names, got " + application.user() + ", " + metrics.user() + ", " + management.user());
        }
        previousPasswords = previousPasswords.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(previousPasswords));
    }

    public BrokerUsers(BrokerCredentials application, BrokerCredentials metrics, BrokerCredentials management) {
        this(application, metrics, management, Map.of());
    }

    /** Fresh users, one per role, each with a random password. */
    public static BrokerUsers generate() {
        return new BrokerUsers(BrokerCredentials.generate(BrokerRole.APPLICATION),
                BrokerCredentials.generate(BrokerRole.METRICS), BrokerCredentials.generate(BrokerRole.MANAGEMENT));
    }

    /** The users as {@code source} gives the roles' keys: the environment, or the files of a mounted Secret. */
    public static BrokerUsers of(UnaryOperator<String> source) {
        Map<BrokerRole, String> previous = new EnumMap<>(BrokerRole.class);
        for (BrokerRole role : BrokerRole.values()) {
            Optional.ofNullable(source.apply(role.previousPasswordKey())).map(String::strip).filter(p -> !p.isEmpty())
                    .ifPresent(p -> previous.put(role, p));
        }
        return new BrokerUsers(BrokerCredentials.of(BrokerRole.APPLICATION, source),
                BrokerCredentials.of(BrokerRole.METRICS, source), BrokerCredentials.of(BrokerRole.MANAGEMENT, source),
                previous);
    }

    public static BrokerUsers fromEnvironment() {
        return of(System::getenv);
    }

    public BrokerCredentials of(BrokerRole role) {
        return switch (role) {
            case APPLICATION -> application;
            case METRICS -> metrics;
            case MANAGEMENT -> management;
        };
    }

    /** The same users, with the role's password replaced and the one it had still admitted: a rotation's first step. */
    public BrokerUsers rotating(BrokerRole role, String newPassword) {
        Map<BrokerRole, String> previous = new EnumMap<>(BrokerRole.class);
        previous.putAll(previousPasswords);
        previous.put(role, of(role).password());
        return with(role, new BrokerCredentials(of(role).user(), newPassword), previous);
    }

    /** The same users without the passwords being rotated out: a rotation's last step. */
    public BrokerUsers withoutPreviousPasswords() {
        return new BrokerUsers(application, metrics, management, Map.of());
    }

    /** The role whose user this is, if the password is the role's (or its previous one). */
    public Optional<BrokerRole> roleOf(String user, String password) {
        if (user == null || password == null) {
            return Optional.empty();
        }
        for (BrokerRole role : BrokerRole.values()) {
            BrokerCredentials c = of(role);
            if (c.user().equals(user) && (same(password, c.password()) || same(password, previousPasswords.get(role)))) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }

    /** Every key and value, as a broker process's environment or a Secret holds them. */
    public Map<String, String> keys() {
        Map<String, String> keys = new LinkedHashMap<>();
        for (BrokerRole role : BrokerRole.values()) {
            keys.put(role.userKey(), of(role).user());
            keys.put(role.passwordKey(), of(role).password());
            Optional.ofNullable(previousPasswords.get(role)).ifPresent(p -> keys.put(role.previousPasswordKey(), p));
        }
        return keys;
    }

    private BrokerUsers with(BrokerRole role, BrokerCredentials c, Map<BrokerRole, String> previous) {
        return new BrokerUsers(role == BrokerRole.APPLICATION ? c : application, role == BrokerRole.METRICS ? c : metrics,
                role == BrokerRole.MANAGEMENT ? c : management, previous);
    }

    /** Compared in constant time: how long a refusal takes must not tell how much of a password was right. */
    private static boolean same(String given, String expected) {
        return expected != null && MessageDigest.isEqual(given.getBytes(StandardCharsets.UTF_8),
                expected.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public String toString() {
        return "BrokerUsers[application=" + application.user() + ", metrics=" + metrics.user() + ", management="
                + management.user() + ", rotating=" + previousPasswords.keySet() + "]";
    }
}
