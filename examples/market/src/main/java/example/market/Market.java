package example.market;

import jakarta.jms.Connection;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.DeliveryMode;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Queue;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import javax.naming.Context;
import javax.naming.InitialContext;

/**
 * A trading desk on Jakarta Messaging and JNDI alone, over two topics, a queue and a durable subscription: a
 * subscriber of ACME's prices (a selector), a desk that takes every order, an invoice queue with two consumers, and
 * an audit service that keeps a durable subscription to the orders. The audit service goes away halfway and misses
 * half of the orders; when it returns it gets them. Then the desk says whether each consumer got exactly what it
 * asked for, once. Where the destinations live is its {@code jndi.properties}' business (on the class path).
 *
 * <p>Usage: {@code Market PRICES ORDERS INVOICES [MESSAGES]}: the JNDI names of the two topics and the queue.
 */
public final class Market {

    private static final String AUDIT_CLIENT = "market-audit";
    private static final String[] SYMBOLS = {"ACME", "INITECH", "GLOBEX", "UMBRELLA"};

    private Market() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: Market PRICES ORDERS INVOICES [MESSAGES]   (JNDI names in jndi.properties)");
            System.exit(2);
        }
        int messages = args.length > 3 ? Integer.parseInt(args[3]) : 400;
        Context jndi = new InitialContext();
        ConnectionFactory factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        Topic prices = (Topic) jndi.lookup(args[0]);
        Topic orders = (Topic) jndi.lookup(args[1]);
        Queue invoices = (Queue) jndi.lookup(args[2]);
        Map<String, Map<String, AtomicInteger>> taken = new TreeMap<>();
        List<Connection> connections = new ArrayList<>();
        try {
            listen(connections, factory, prices, "symbol = 'ACME'", taken, "acme prices");
            listen(connections, factory, orders, null, taken, "desk orders");
            for (int c = 0; c < 2; c++) {
                listen(connections, factory, invoices, null, taken, "invoices");
            }
            Connection audit = auditConnection(factory);
            connections.add(audit);
            audit(audit, orders, taken);
            send(factory, prices, "price", messages);
            send(factory, orders, "order", messages / 2);
            send(factory, invoices, "invoice", messages / 4);
            await(taken, "audit orders", messages / 2);
            audit.close();
            send(factory, orders, "order", messages / 2, messages / 2);
            audit = auditConnection(factory);
            connections.add(audit);
            audit(audit, orders, taken);
            await(taken, "audit orders", messages);
            await(taken, "desk orders", messages);
            await(taken, "invoices", messages / 4);
            Thread.sleep(500); // a second copy would arrive meanwhile
        } finally {
            for (Connection c : connections) {
                c.close();
            }
        }
        unsubscribe(factory);
        report(taken, Map.of("acme prices", messages / SYMBOLS.length, "desk orders", messages, "audit orders",
                messages, "invoices", messages / 4));
    }

    private static Connection auditConnection(ConnectionFactory factory) throws JMSException {
        Connection audit = factory.createConnection();
        audit.setClientID(AUDIT_CLIENT);
        return audit;
    }

    /** The audit service's durable subscription to every order; what it misses while away waits for it. */
    private static void audit(Connection audit, Topic orders, Map<String, Map<String, AtomicInteger>> taken)
            throws JMSException {
        Session session = audit.createSession(false, Session.AUTO_ACKNOWLEDGE);
        session.createDurableConsumer(orders, "audit").setMessageListener(m -> take(m, taken, "audit orders"));
        audit.start();
    }

    private static void listen(List<Connection> connections, ConnectionFactory factory, Destination destination,
                               String selector, Map<String, Map<String, AtomicInteger>> taken, String who)
            throws JMSException {
        Connection connection = factory.createConnection();
        connections.add(connection);
        MessageConsumer consumer = connection.createSession(false, Session.AUTO_ACKNOWLEDGE)
                .createConsumer(destination, selector);
        consumer.setMessageListener(m -> take(m, taken, who));
        connection.start();
    }

    private static void send(ConnectionFactory factory, Destination to, String kind, int count) throws JMSException {
        send(factory, to, kind, count, 0);
    }

    private static void send(ConnectionFactory factory, Destination to, String kind, int count, int first)
            throws JMSException {
        try (Connection connection = factory.createConnection()) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            MessageProducer producer = session.createProducer(to);
            producer.setDeliveryMode(DeliveryMode.PERSISTENT);
            for (int i = first; i < first + count; i++) {
                Message m = session.createTextMessage(kind + " " + i);
                m.setStringProperty("id", kind + "-" + i);
                m.setStringProperty("symbol", SYMBOLS[i % SYMBOLS.length]);
                producer.send(m);
            }
        }
    }

    private static void take(Message m, Map<String, Map<String, AtomicInteger>> taken, String who) {
        try {
            String id = m.getStringProperty("id");
            synchronized (taken) {
                taken.computeIfAbsent(who, w -> new ConcurrentHashMap<>())
                        .computeIfAbsent(id, i -> new AtomicInteger()).incrementAndGet();
            }
        } catch (JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Waits up to 10 s for {@code who} to have taken {@code count} distinct messages. */
    private static void await(Map<String, Map<String, AtomicInteger>> taken, String who, int count)
            throws InterruptedException {
        long deadline = System.currentTimeMillis() + 10_000;
        while (System.currentTimeMillis() < deadline && distinct(taken, who) < count) {
            Thread.sleep(20);
        }
    }

    private static int distinct(Map<String, Map<String, AtomicInteger>> taken, String who) {
        synchronized (taken) {
            return taken.getOrDefault(who, Map.of()).size();
        }
    }

    /** The audit service leaves for good: its subscription goes, with whatever it still held. */
    private static void unsubscribe(ConnectionFactory factory) throws JMSException {
        try (Connection audit = auditConnection(factory)) {
            audit.createSession(false, Session.AUTO_ACKNOWLEDGE).unsubscribe("audit");
        }
    }

    /** Prints what each consumer took and exits 0 only if each took exactly what it asked for, once. */
    private static void report(Map<String, Map<String, AtomicInteger>> taken, Map<String, Integer> expected) {
        boolean ok = true;
        for (Map.Entry<String, Integer> e : new TreeMap<>(expected).entrySet()) {
            Map<String, AtomicInteger> got = taken.getOrDefault(e.getKey(), Map.of());
            long twice = got.values().stream().filter(n -> n.get() > 1).count();
            System.out.printf("%-13s took %d of %d, %d twice%n", e.getKey(), got.size(), e.getValue(), twice);
            ok &= got.size() == e.getValue() && twice == 0;
        }
        System.out.println(ok ? "market: OK" : "market: FAILED");
        System.exit(ok ? 0 : 1);
    }
}
