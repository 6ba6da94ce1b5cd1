package io.brokerwise.artemis;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import org.apache.activemq.artemis.core.config.impl.SecurityConfiguration;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.spi.core.security.ActiveMQJAASSecurityManager;
import org.apache.activemq.artemis.spi.core.security.jaas.InVMLoginModule;

/**
 * Starts an embedded Artemis broker from a broker.xml the operator mounts (a ConfigMap), with the
 * one user taken from the environment (a Secret). There is no default password: without one the
 * broker refuses to start rather than run open.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        Path config = Path.of(env("BROKER_XML", "/etc/artemis/broker.xml"));
        if (!Files.isReadable(config)) {
            fail("no broker configuration at " + config + ": mount one there or set BROKER_XML");
        }
        EmbeddedActiveMQ broker = new EmbeddedActiveMQ();
        broker.setConfigResourcePath(config.toUri().toString());
        broker.setSecurityManager(securityManager());
        broker.start();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                broker.stop();
            } catch (Exception e) {
                System.err.println("broker: stop failed: " + e);
            }
            stopped.countDown();
        }));
        System.err.println("broker: started from " + config);
        stopped.await();
    }

    private static ActiveMQJAASSecurityManager securityManager() {
        String user = required("ARTEMIS_USER");
        SecurityConfiguration users = new SecurityConfiguration();
        users.addUser(user, required("ARTEMIS_PASSWORD"));
        // broker.xml grants permissions to roles; this user holds the one it names.
        users.addRole(user, env("ARTEMIS_ROLE", "amq"));
        return new ActiveMQJAASSecurityManager(InVMLoginModule.class.getName(), users);
    }

    static String env(String name, String fallback) {
        String v = System.getenv(name);
        return v == null || v.isBlank() ? fallback : v;
    }

    static String required(String name) {
        String v = System.getenv(name);
        if (v == null || v.isBlank()) {
            fail(name + " is not set: give the broker credentials from a Secret");
        }
        return v;
    }

    static void fail(String message) {
        System.err.println("broker: " + message);
        System.exit(2);
    }
}
