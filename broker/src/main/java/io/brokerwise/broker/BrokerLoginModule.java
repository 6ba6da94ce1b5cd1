package io.brokerwise.broker;

import java.io.IOException;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import javax.security.auth.Subject;
import javax.security.auth.callback.Callback;
import javax.security.auth.callback.CallbackHandler;
import javax.security.auth.callback.NameCallback;
import javax.security.auth.callback.PasswordCallback;
import javax.security.auth.callback.UnsupportedCallbackException;
import javax.security.auth.login.FailedLoginException;
import javax.security.auth.login.LoginException;
import javax.security.auth.spi.LoginModule;
import org.apache.activemq.artemis.spi.core.security.jaas.RolePrincipal;
import org.apache.activemq.artemis.spi.core.security.jaas.UserPrincipal;

/** Logs a connection in as the user of one {@link BrokerRole} of the broker's {@link BrokerLogins}, or refuses it. */
public final class BrokerLoginModule implements LoginModule {

    private Subject subject;
    private CallbackHandler callbacks;
    private BrokerLogins logins;
    private List<Principal> principals = List.of();

    @Override
    public void initialize(Subject subject, CallbackHandler callbackHandler, Map<String, ?> sharedState,
                           Map<String, ?> options) {
        this.subject = subject;
        this.callbacks = callbackHandler;
        this.logins = (BrokerLogins) options.get(BrokerLogins.LOGINS_OPTION);
    }

    @Override
    public boolean login() throws LoginException {
        NameCallback name = new NameCallback("user: ");
        PasswordCallback password = new PasswordCallback("password: ", false);
        try {
            callbacks.handle(new Callback[] {name, password});
        } catch (IOException | UnsupportedCallbackException e) {
            throw new LoginException("cannot read the user and password: " + e.getMessage());
        }
        char[] secret = password.getPassword();
        String given = secret == null ? null : new String(secret);
        password.clearPassword();
        String user = name.getName();
        BrokerRole role = logins.roleOf(user, given)
                .orElseThrow(() -> new FailedLoginException("unknown user or wrong password"));
        principals = List.of(new UserPrincipal(user), new RolePrincipal(role.role()));
        return true;
    }

    @Override
    public boolean commit() {
        subject.getPrincipals().addAll(principals);
        return true;
    }

    @Override
    public boolean abort() {
        principals = List.of();
        return true;
    }

    @Override
    public boolean logout() {
        principals.forEach(subject.getPrincipals()::remove);
        principals = List.of();
        return true;
    }
}
