package io.brokerwise.broker;

import org.apache.activemq.artemis.api.core.client.ActiveMQClient;
import org.apache.activemq.artemis.api.core.client.ClientMessage;
import org.apache.activemq.artemis.api.core.client.ClientRequestor;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.api.core.client.ClientSessionFactory;
import org.apache.activemq.artemis.api.core.client.ServerLocator;
import org.apache.activemq.artemis.api.core.management.ManagementHelper;
import org.apache.activemq.artemis.api.core.management.ResourceNames;

/**
 * What one broker says it did with the topic, read over its own management address (no JMX, nothing
 * beyond the acceptor): messages received on the topic, and copies dispatched into subscription queues.
 * The load generator compares its own counts with these.
 */
public final class BrokerMetrics implements AutoCloseable {

    private final ServerLocator locator;
    private final ClientSessionFactory factory;
    private final ClientSession session;
    private final ClientRequestor requestor;

    private BrokerMetrics(ServerLocator locator, ClientSessionFactory factory, ClientSession session) throws Exception {
        this.locator = locator;
        this.factory = factory;
        this.session = session;
        this.requestor = new ClientRequestor(session, "activemq.management");
    }

    /** Connects to {@code host:port} as the broker's user. */
    public static BrokerMetrics connect(String hostPort, BrokerCredentials credentials) throws Exception {
        ServerLocator locator = ActiveMQClient.createServerLocator("tcp://" + hostPort);
        ClientSessionFactory factory = locator.createSessionFactory();
        ClientSession session = factory.createSession(credentials.user(), credentials.password(), false, true, true,
                false, 1);
        session.start();
        return new BrokerMetrics(locator, factory, session);
    }

    /** Messages the topic received (routed to at least one subscription or not). */
    public long received(String topic) throws Exception {
        return attribute(ResourceNames.ADDRESS + topic, "routedMessageCount")
                + attribute(ResourceNames.ADDRESS + topic, "unRoutedMessageCount");
    }

    /**
     * Copies dispatched so far: messages added to the topic's subscription queues. Subscription queues are
     * non-durable and vanish with their subscriber, so read this while the subscribers are still connected.
     */
    public long dispatched(String topic) throws Exception {
        long sum = 0;
        for (Object queue : (Object[]) result(ResourceNames.ADDRESS + topic, "queueNames")) {
            sum += attribute(ResourceNames.QUEUE + queue, "messagesAdded");
        }
        return sum;
    }

    private long attribute(String resource, String attribute) throws Exception {
        return ((Number) result(resource, attribute)).longValue();
    }

    private Object result(String resource, String attribute) throws Exception {
        ClientMessage request = session.createMessage(false);
        ManagementHelper.putAttribute(request, resource, attribute);
        ClientMessage reply = requestor.request(request, 10_000);
        if (reply == null) {
            throw new IllegalStateException("no management reply for " + resource + "." + attribute + " within 10 s");
        }
        if (!ManagementHelper.hasOperationSucceeded(reply)) {
            throw new IllegalStateException("management read of " + resource + "." + attribute + " failed: "
                    + ManagementHelper.getResult(reply));
        }
        return ManagementHelper.getResult(reply);
    }

    @Override
    public void close() throws Exception {
        requestor.close();
        session.close();
        factory.close();
        locator.close();
    }
}
