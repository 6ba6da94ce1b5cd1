package io.brokerwise.measure.queues;

import io.brokerwise.client.ClientOptions;
import io.brokerwise.client.QueueSender;
import io.brokerwise.routing.RoutingMap;
import jakarta.jms.BytesMessage;
import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.JMSException;
import jakarta.jms.MessageListener;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import java.util.ArrayList;
import java.util.List;
import org.apache.activemq.artemis.api.core.TransportConfiguration;
import org.apache.activemq.artemis.jms.client.ActiveMQConnection;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * A queue load's clients as Artemis's own client places them: one connection factory over every broker of the map,
 * each producer and consumer on a connection of its own, which the factory's default policy sends to the brokers
 * in turn from a random first one. No placement of Brokerwise's plays a part.
 */
final class ArtemisClients implements QueueClients {

    private final ActiveMQConnectionFactory factory;
    private final ClientOptions options;
    private final String queue;
    private final boolean persistent;
    private final List<Connection> connections = new ArrayList<>();

    ArtemisClients(RoutingMap map, ClientOptions options, boolean persistent) {
        // ha=false: a plain list of brokers to connect to, not a failover pair; the sends as asynchronous as ours
        this.factory = new ActiveMQConnectionFactory("(" + String.join(",", map.queues().get(0).replicas().stream()
                .map(r -> "tcp://" + r.address()).toList()) + ")?ha=false&" + options.urlParameters());
        this.options = options;
        this.queue = map.queues().get(0).name();
        this.persistent = persistent;
    }

    @Override
    public String consumer(MessageListener listener) throws JMSException {
        Connection connection = connect();
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createConsumer(session.createQueue(queue)).setMessageListener(listener);
        connection.start();
        return broker(connection);
    }

    @Override
    public Producer producer(int index, int bytes) throws JMSException {
        Connection connection = connect();
        Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
        MessageProducer producer = session.createProducer(session.createQueue(queue));
        producer.setDeliveryMode(persistent ? DeliveryMode.PERSISTENT : DeliveryMode.NON_PERSISTENT);
        BytesMessage message = session.createBytesMessage();
        message.writeBytes(new byte[bytes]);
        message.setIntProperty(QueueLedger.PRODUCER, index);
        String replica = broker(connection);
        return new Producer() {
            @Override
            public String replica() {
                return replica;
            }

            @Override
            public void send(long sequence) throws JMSException {
                message.setLongProperty(QueueSender.SEQUENCE, sequence);
                producer.send(message);
            }
        };
    }

    private Connection connect() throws JMSException {
        Connection connection = factory.createConnection(options.user(), options.password());
        connections.add(connection);
        return connection;
    }

    /** {@code host:port} of the broker the factory gave this connection to. */
    private static String broker(Connection connection) {
        TransportConfiguration c = ((ActiveMQConnection) connection).getSessionFactory().getConnectorConfiguration();
        return c.getParams().get("host") + ":" + c.getParams().get("port");
    }

    @Override
    public void close() {
        for (Connection c : connections) {
            try {
                c.close();
            } catch (JMSException e) {
                // a broker already gone has nothing left to release
            }
        }
        factory.close();
    }
}
