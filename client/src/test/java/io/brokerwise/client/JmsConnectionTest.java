package io.brokerwise.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.jms.Connection;
import jakarta.jms.DeliveryMode;
import jakarta.jms.IllegalStateRuntimeException;
import jakarta.jms.JMSConsumer;
import jakarta.jms.JMSContext;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.TextMessage;
import jakarta.jms.Topic;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The classic API's delivery rules on a layout, whose messages arrive from several brokers at once: nothing
 * is delivered before the connection starts or while it is stopped, nothing is lost by it, a listener set
 * after messages arrived gets them in order, and a receive with a timeout returns null when nothing matches.
 */
@Timeout(60)
class JmsConnectionTest {

    @TempDir
    Path dir;

    @Test
    void deliveryWaitsForStartAndResumesAfterStop() throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 2, 1)) {
            Topic topic = layout.topic();
            try (Connection connection = layout.factory().createConnection()) {
                Session receiving = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageConsumer polled = receiving.createConsumer(topic, "n < 10");
                Session listening = connection.createSession(false, Session.DUPS_OK_ACKNOWLEDGE);
                MessageConsumer listened = listening.createConsumer(topic);
                Session sending = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
                MessageProducer producer = sending.createProducer(topic);
                producer.setDeliveryMode(DeliveryMode.NON_PERSISTENT);
                send(sending, producer, 0, 5);
                assertNull(polled.receive(300), "not started: nothing is delivered");

                connection.start();
                assertEquals(List.of(0, 1, 2, 3, 4), receive(polled, 5), "held messages arrive once started");
                List<Integer> heard = Collections.synchronizedList(new ArrayList<>());
                listened.setMessageListener(m -> heard.add(number(m)));
                awaitSize(heard, 5);
                assertEquals(List.of(0, 1, 2, 3, 4), heard, "a late listener gets what arrived before, in order");

                connection.stop();
                send(sending, producer, 5, 10);
                assertNull(polled.receive(300), "stopped: nothing is delivered");
                assertEquals(5, heard.size(), "stopped: no listener is called");
                connection.start();
                assertEquals(List.of(5, 6, 7, 8, 9), receive(polled, 5), "nothing was lost while stopped");
                awaitSize(heard, 10);
                send(sending, producer, 10, 11);
                awaitSize(heard, 11);
                assertNull(polled.receive(300), "n = 10 does not match the selector");
                assertEquals(11, heard.size());
            }
        }
    }

    @Test
    void contextsMadeFromAContextKeepTheConnectionUntilTheLastCloses() throws Exception {
        try (JndiLayout layout = new JndiLayout(dir, 1, 2)) {
            Topic topic = layout.topic();
            JMSContext first = layout.factory().createContext();
            try (JMSContext second = first.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
                first.close();
                first.close();
                JMSConsumer consumer = second.createConsumer(topic);
                second.createProducer().send(topic, "still open");
                assertEquals("still open", consumer.receiveBody(String.class, 5000));
            }
            assertThrows(IllegalStateRuntimeException.class, first::acknowledge, "closed with the last context");
        }
    }

    private static void send(Session session, MessageProducer producer, int from, int to) throws Exception {
        for (int n = from; n < to; n++) {
            TextMessage m = session.createTextMessage("m" + n);
            m.setIntProperty("n", n);
            producer.send(m);
        }
    }

    /** Messages come from one broker here (one row, one publisher), so their order is the sending order. */
    private static List<Integer> receive(MessageConsumer consumer, int count) throws Exception {
        List<Integer> got = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            Message m = consumer.receive(5000);
            if (m == null) {
                break;
            }
            got.add(number(m));
        }
        return got;
    }

    private static int number(Message m) {
        try {
            return m.getIntProperty("n");
        } catch (jakarta.jms.JMSException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void awaitSize(List<Integer> list, int size) throws InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (list.size() < size && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
    }
}
