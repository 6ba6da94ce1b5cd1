package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.brokerwise.broker.BrokerConfiguration;
import io.brokerwise.broker.BrokerUsers;
import io.brokerwise.broker.EmbeddedBroker;
import io.brokerwise.broker.tls.BrokerKeyStore;
import io.brokerwise.broker.tls.CertificateAuthority;
import io.brokerwise.client.jms.BrokerwiseInitialContextFactory;
import io.brokerwise.routing.RoutingMap;
import io.brokerwise.routing.RoutingMapCodec;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.JMSException;
import jakarta.jms.Topic;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;
import javax.naming.Context;
import javax.naming.InitialContext;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Artemis broker whose acceptor speaks TLS, as a Generated topology's broker does: its certificate issued by
 * the operator's CA and picked from the mounted Secret by its host name, the key store made at launch. A client
 * trusting that CA gets its messages delivered, through the library and through JNDI; a plain-TCP client, a client trusting another CA and a client
 * dialling a name the certificate does not carry are refused.
 */
@Timeout(120)
class TlsConnectionTest {

    private static final CertificateAuthority CA = CertificateAuthority.generate("test brokers");
    private static final String POD = "tls-broker-0";

    @TempDir
    static Path dir;
    private static final BrokerUsers USERS = BrokerUsers.generate();
    private static EmbeddedBroker broker;
    private static int port;

    @BeforeAll
    static void startTlsBroker() throws Exception {
        Path mounted = Files.createDirectories(dir.resolve("tls"));
        CertificateAuthority.Issued issued = CA.issue(List.of("localhost"));
        Files.writeString(mounted.resolve(BrokerKeyStore.certificateKey(POD)), issued.certificatePem());
        Files.writeString(mounted.resolve(BrokerKeyStore.keyKey(POD)), issued.keyPem());
        BrokerKeyStore.write(mounted, POD, dir.resolve("work"), Duration.ZERO).publish();
        Path data = dir.resolve("data");
        broker = EmbeddedBroker.start(BrokerConfiguration.forLoopback("tls", LocalBrokers.TOPIC, false, 0,
                data.toString()).withTls(true), USERS, data);
        port = broker.acceptorPort();
    }

    @AfterAll
    static void stop() throws Exception {
        broker.close();
    }

    @Test
    void deliversToAClientThatTrustsTheCa() throws Exception {
        try (TopologyClient client = new TopologyClient(map("localhost"), options().trusting(CA.certificatePem()))) {
            Deliveries deliveries = new Deliveries();
            deliveries.subscribe(client, "s", null);
            Publisher publisher = client.publisher(false);
            for (String id : List.of("m0", "end")) { // "end" is the marker Deliveries.await waits for
                publisher.publish(new Outgoing("x".getBytes(StandardCharsets.UTF_8), Map.of(Deliveries.ID, id), null));
            }
            Map<String, Integer> expected = Map.of("s <- m0", 1, "s <- end", 1);
            assertEquals(expected, deliveries.await(expected, List.of(publisher)));
        }
    }

    /** An unmodified Jakarta Messaging application: the CA is a mounted file its jndi.properties names. */
    @Test
    void theJndiConnectionFactoryTrustsTheCaOfItsFile() throws Exception {
        Path routing = Files.writeString(dir.resolve("routing.json"), RoutingMapCodec.toJson(map("localhost")));
        Path ca = Files.writeString(dir.resolve("ARTEMIS_CA"), CA.certificatePem());
        Hashtable<String, String> env = new Hashtable<>();
        env.put(Context.INITIAL_CONTEXT_FACTORY, "io.brokerwise.client.jms.BrokerwiseInitialContextFactory");
        env.put(BrokerwiseInitialContextFactory.ROUTING_MAP, routing.toString());
        env.put(BrokerwiseInitialContextFactory.CA_FILE, ca.toString());
        env.put(Context.SECURITY_PRINCIPAL, USERS.application().user());
        env.put(Context.SECURITY_CREDENTIALS, USERS.application().password());
        env.put("topic.quotes", LocalBrokers.TOPIC);
        Context jndi = new InitialContext(env);
        try (JMSContext context = ((ConnectionFactory) jndi.lookup("ConnectionFactory")).createContext()) {
            Topic quotes = (Topic) jndi.lookup("quotes");
            JMSConsumer consumer = context.createConsumer(quotes);
            context.createProducer().send(quotes, "over TLS");
            assertEquals("over TLS", consumer.receiveBody(String.class, 10_000));
        }
    }

    /**
     * A TLS acceptor gets no answer it understands from a plain client, which waits out its call timeout: 30 s by
     * default, 2 s here, since no wait would end sooner either way.
     */
    @Test
    void refusesAPlainTcpClient() throws Exception {
        refused(map("localhost"), new ClientOptions(USERS.application().user(), USERS.application().password(),
                "callTimeout=2000"));
    }

    @Test
    void refusesAClientThatTrustsAnotherCa() throws Exception {
        refused(map("localhost"), options().trusting(CertificateAuthority.generate("someone else").certificatePem()));
    }

    @Test
    void refusesAHostNameTheCertificateDoesNotCarry() throws Exception {
        refused(map("127.0.0.1"), options().trusting(CA.certificatePem()));
    }

    private static void refused(RoutingMap map, ClientOptions options) {
        try (TopologyClient client = new TopologyClient(map, options)) {
            assertThrows(JMSException.class, () -> client.publisher(false));
        }
    }

    private static RoutingMap map(String host) {
        return RoutingMap.of(LocalBrokers.TOPIC, 1, 1, List.of(host + ":" + port));
    }

    private static ClientOptions options() {
        return ClientOptions.of(USERS.application().user(), USERS.application().password());
    }
}
