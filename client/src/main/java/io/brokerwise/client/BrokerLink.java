package io.brokerwise.client;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * One client's connection and session at one broker. Each client holds its own connection per broker, as in
 * the dissertation's setting: a PSR subscriber holds k of them, an SSR publisher l.
 */
final class BrokerLink implements AutoCloseable {

    final String address;
    /** Owns the server locator under the connection: closing it early would close the connection too. */
    private final ActiveMQConnectionFactory factory;
    final Connection connection;
    final Session session;
    final Topic topic;

    private BrokerLink(String address, ActiveMQConnectionFactory factory, Connection connection, Session session,
                       Topic topic) {
        this.address = address;
        this.factory = factory;
        this.connection = connection;
        this.session = session;
        this.topic = topic;
    }

    static BrokerLink open(String address, String topicName, ClientOptions options) throws JMSException {
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(options.url(address));
        Connection connection = null;
        try {
            connection = factory.createConnection(options.user(), options.password());
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            return new BrokerLink(address, factory, connection, session, session.createTopic(topicName));
        } catch (JMSException | RuntimeException e) {
            if (connection != null) {
                connection.close();
            }
            factory.close();
            throw e;
        }
    }

    @Override
    public void close() {
        try {
            connection.close();
        } catch (JMSException e) {
            // The broker may already be gone (that is often why the link is closed); nothing is left to release.
        }
        factory.close();
    }
}
