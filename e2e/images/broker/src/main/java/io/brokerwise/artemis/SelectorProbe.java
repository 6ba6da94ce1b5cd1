package io.brokerwise.artemis;

import jakarta.jms.Connection;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageProducer;
import jakarta.jms.Session;
import jakarta.jms.Topic;
import org.apache.activemq.artemis.jms.client.ActiveMQConnectionFactory;

/**
 * A JMS client that checks selector filtering end to end: one consumer whose selector matches half
 * of the messages sent and one whose selector matches none. It prints what each received and exits
 * non-zero if either count is wrong, so a test can read the verdict from the pod's phase and logs.
 */
public final class SelectorProbe {

    private SelectorProbe() {
    }

    public static void main(String[] args) throws Exception {
        String url = BrokerMain.env("BROKER_URL", "tcp://localhost:61616");
        int count = Integer.parseInt(BrokerMain.env("MESSAGES", "10"));
        ActiveMQConnectionFactory factory = new ActiveMQConnectionFactory(url);
        try (Connection connection = connect(factory)) {
            Session session = connection.createSession(false, Session.AUTO_ACKNOWLEDGE);
            Topic topic = session.createTopic(BrokerMain.env("TOPIC", "brokerwise.probe"));
            MessageConsumer matching = session.createConsumer(topic, "color = 'red'");
            MessageConsumer other = session.createConsumer(topic, "color = 'green'");
            connection.start();
            MessageProducer producer = session.createProducer(topic);
            for (int i = 0; i < count; i++) {
                for (String color : new String[] {"red", "blue"}) {
                    Message m = session.createTextMessage(color + " " + i);
                    m.setStringProperty("color", color);
                    producer.send(m);
                }
            }
            System.out.println("probe: sent " + 2 * count + " messages (" + count + " red, " + count + " blue) to " + url);
            int red = drain(matching, 5000);
            int green = drain(other, 1000);
            System.out.println("probe: matching consumer [color = 'red'] received " + red + " of " + count);
            System.out.println("probe: non-matching consumer [color = 'green'] received " + green);
            boolean ok = red == count && green == 0;
            System.out.println(ok ? "probe: PASS" : "probe: FAIL");
            System.exit(ok ? 0 : 1);
        }
    }

    /** The broker or its DNS name may need a moment after the pod starts. */
    private static Connection connect(ActiveMQConnectionFactory factory) throws Exception {
        String user = BrokerMain.required("ARTEMIS_USER");
        String password = BrokerMain.required("ARTEMIS_PASSWORD");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (true) {
            try {
                return factory.createConnection(user, password);
            } catch (JMSException e) {
                if (System.nanoTime() > deadline) {
                    throw e;
                }
                System.out.println("probe: not connected yet (" + e.getMessage() + "), retrying");
                Thread.sleep(2000);
            }
        }
    }

    private static int drain(MessageConsumer consumer, long firstWaitMillis) throws JMSException {
        int n = 0;
        long wait = firstWaitMillis;
        while (consumer.receive(wait) != null) {
            n++;
            wait = 500;
        }
        return n;
    }
}
