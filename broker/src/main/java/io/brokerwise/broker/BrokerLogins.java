package io.brokerwise.broker;

import java.util.Map;
import java.util.Optional;
import javax.security.auth.login.AppConfigurationEntry;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;

/**
 * The JAAS configuration of a running broker: one login module ({@link BrokerLoginModule}) that checks against the
 * broker's current {@link BrokerUsers}, which {@link #admit} replaces whole while the broker runs (a rotated
 * password takes effect without a restart, which would drop every non-durable subscription). Artemis's own in-VM
 * module takes one password per user; a rotation needs two for a while. It extends Artemis's
 * SecurityConfiguration only because that is what its JAAS security manager accepts; the users it holds are
 * never used.
 */
public final class BrokerLogins extends SecurityConfiguration {

    static final String LOGINS_OPTION = BrokerLogins.class.getName();

    private volatile BrokerUsers users;

    BrokerLogins(BrokerUsers users) {
        this.users = users;
    }

    /** From now on, these users (and only these) log in; sessions already open keep theirs. */
    void admit(BrokerUsers next) {
        users = next;
    }

    /** The role whose user and password (or previous password) these are, if any. */
    public Optional<BrokerRole> roleOf(String user, String password) {
        return users.roleOf(user, password);
    }

    @Override
    public AppConfigurationEntry[] getAppConfigurationEntry(String name) {
        return new AppConfigurationEntry[] {new AppConfigurationEntry(BrokerLoginModule.class.getName(),
                AppConfigurationEntry.LoginModuleControlFlag.REQUIRED, Map.of(LOGINS_OPTION, this))};
    }
}
