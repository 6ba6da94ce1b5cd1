package io.brokerwise.measure;

import io.brokerwise.broker.BrokerCredentials;
import io.brokerwise.client.ClientOptions;

/**
 * What a check running as a client pod of a topology connects with: the keys of the topology's credentials Secret,
 * its environment. Here, not on either type: the broker module's credentials know nothing of the client library, and
 * the client library reads no broker module at run time.
 */
public final class ClientEnvironment {

    private ClientEnvironment() {
    }

    /**
     * The application user, and TLS to brokers of the CA the Secret holds when they speak it; a pod without the user
     * stops rather than connect as nobody.
     */
    public static ClientOptions options() {
        BrokerCredentials credentials = BrokerCredentials.fromEnvironment();
        return ClientOptions.of(credentials.user(), credentials.password()).trustingEnvironmentCa();
    }
}
