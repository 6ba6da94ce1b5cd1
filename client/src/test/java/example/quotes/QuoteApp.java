package example.quotes;

import jakarta.jms.BytesMessage;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.Destination;
import jakarta.jms.JMSException;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.Queue;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.naming.Context;
import javax.naming.NameNotFoundException;
import javax.naming.NamingException;

/**
 * A publish/subscribe application written against Jakarta Messaging and JNDI only: it uses whatever its
 * {@code jndi.properties} binds as {@code ConnectionFactory} and {@code quotes} (and {@code orders}, a queue, if
 * bound). Consumers record each quote
 * they receive as {@code "consumer <- id"}, after checking its body came through intact. Two flavours, one per
 * JMS API ({@link ClassicQuoteApp}, {@link SimplifiedQuoteApp}).
 */
public abstract class QuoteApp implements AutoCloseable {

    /** The property that names a quote. */
    public static final String ID = "quoteId";

    /** One message: its id, the properties selectors test, and a correlation ID (null for none). */
    public record Quote(String id, Map<String, Object> properties, String correlationId) {

        /** The body type this quote travels as: text, bytes, map and object in turn, each carrying the id. */
        int bodyKind() {
            return Math.floorMod(id.hashCode(), 4);
        }
    }

    protected final ConnectionFactory factory;
    protected final Topic topic;
    /** The work queue {@code orders}, when jndi.properties binds one: each quote sent there goes to one consumer. */
    public final Queue orders;
    private final List<String> received = new ArrayList<>();
    private final List<Thread> receivers = new ArrayList<>();
    private volatile boolean closing;

    protected QuoteApp(Context jndi) throws NamingException {
        this.factory = (ConnectionFactory) jndi.lookup("ConnectionFactory");
        this.topic = (Topic) jndi.lookup("quotes");
        Queue bound;
        try {
            bound = (Queue) jndi.lookup("orders");
        } catch (NameNotFoundException e) {
            bound = null;
        }
        this.orders = bound;
    }

    /** A consumer of the topic named {@code name} with this selector, fed by a message listener or by a thread. */
    public void subscribe(String name, String selector, boolean listener) throws Exception {
        consume(topic, name, selector, listener);
    }

    /** A consumer of {@code from} (the topic or the queue) named {@code name}, as {@link #subscribe}. */
    public abstract void consume(Destination from, String name, String selector, boolean listener) throws Exception;

    /** A new producer of the topic; returns its index for {@link #send}. */
    public int addProducer() throws Exception {
        return addProducer(topic);
    }

    /** A new producer of {@code to} (the topic or the queue); returns its index for {@link #send}. */
    public abstract int addProducer(Destination to) throws Exception;

    public abstract void send(int producer, Quote quote) throws Exception;

    /** What the consumers received since the last call, one line per delivery. */
    public List<String> takeReceived() {
        synchronized (received) {
            List<String> out = new ArrayList<>(received);
            received.clear();
            return out;
        }
    }

    /** A consumer's receive with a timeout in milliseconds, in either API. */
    protected interface Receive {
        Message within(long millis) throws Exception;
    }

    /** A thread that records what consumer {@code name} receives, until the app closes. */
    protected void receiveOn(String name, Receive receive) {
        Thread t = new Thread(() -> {
            try {
                while (!closing) {
                    Message m = receive.within(100);
                    if (m != null) {
                        record(name, m);
                    }
                }
            } catch (Exception e) {
                if (!closing) {
                    throw new IllegalStateException(e);
                }
            }
        }, "receiver-" + name);
        t.start();
        receivers.add(t);
    }

    /** Ends the receiving threads; the flavour then closes its connection or contexts. */
    protected void stopReceiving() throws InterruptedException {
        closing = true;
        for (Thread t : receivers) {
            t.join();
        }
    }

    protected void record(String consumer, Message message) {
        String line;
        try {
            String id = message.getStringProperty(ID);
            line = consumer + " <- " + id + (id.equals(body(message)) ? "" : " with a damaged body");
        } catch (JMSException | RuntimeException e) {
            line = consumer + " <- unreadable " + e;
        }
        synchronized (received) {
            received.add(line);
        }
    }

    private static String body(Message m) throws JMSException {
        if (m instanceof TextMessage t) {
            return t.getText();
        }
        if (m instanceof BytesMessage b) {
            return new String(b.getBody(byte[].class), StandardCharsets.UTF_8);
        }
        if (m instanceof MapMessage map) {
            return map.getString("id");
        }
        if (m instanceof ObjectMessage o) {
            return (String) o.getObject();
        }
        return null;
    }
}
