package io.brokerwise.client;

import jakarta.jms.JMSException;
import jakarta.jms.Queue;
import jakarta.jms.QueueBrowser;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Consumer;

/**
 * A browser of a replicated queue: an Artemis browser at every replica, and an enumeration that gives each
 * replica's messages in that replica's order, the replicas one after another in the routing map's order. A message
 * that redistribution moves from one replica to another while the enumeration runs may be seen twice or not at all,
 * as a browser of one queue may miss what consumers change under it.
 */
public final class ReplicaBrowser implements QueueBrowser {

    private final Queue queue;
    private final String selector;
    private final List<BrokerLink> links;
    private final List<QueueBrowser> browsers;
    private final Consumer<AutoCloseable> onClose;

    private ReplicaBrowser(Queue queue, String selector, List<BrokerLink> links, List<QueueBrowser> browsers,
                           Consumer<AutoCloseable> onClose) {
        this.queue = queue;
        this.selector = selector;
        this.links = links;
        this.browsers = browsers;
        this.onClose = onClose;
    }

    static ReplicaBrowser open(String queue, List<String> replicas, String selector, ClientOptions options,
                               Consumer<AutoCloseable> onClose) throws JMSException {
        List<QueueBrowser> browsers = new ArrayList<>();
        List<BrokerLink> links = BrokerLink.toEveryReplica(replicas, queue, options, link -> {
            browsers.add(link.session.createBrowser((Queue) link.destination, selector));
            link.connection.start();
        });
        return new ReplicaBrowser((Queue) links.get(0).destination, selector, links, List.copyOf(browsers), onClose);
    }

    @Override
    public Queue getQueue() {
        return queue;
    }

    @Override
    public String getMessageSelector() {
        return selector;
    }

    /** Every replica's messages, replica after replica: a new browse at each. */
    @Override
    public Enumeration<?> getEnumeration() throws JMSException {
        List<Enumeration<?>> each = new ArrayList<>();
        for (QueueBrowser b : browsers) {
            each.add(b.getEnumeration());
        }
        Iterator<Enumeration<?>> replicas = each.iterator();
        return new Enumeration<Object>() {
            private Enumeration<?> current = Collections.emptyEnumeration();

            @Override
            public boolean hasMoreElements() {
                while (!current.hasMoreElements() && replicas.hasNext()) {
                    current = replicas.next();
                }
                return current.hasMoreElements();
            }

            @Override
            public Object nextElement() {
                if (!hasMoreElements()) {
                    throw new NoSuchElementException();
                }
                return current.nextElement();
            }
        };
    }

    @Override
    public void close() {
        links.forEach(BrokerLink::close);
        onClose.accept(this);
    }
}
