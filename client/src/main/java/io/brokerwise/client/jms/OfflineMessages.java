package io.brokerwise.client.jms;

import jakarta.jms.BytesMessage;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import jakarta.jms.ObjectMessage;
import jakarta.jms.StreamMessage;
import jakarta.jms.TextMessage;
import java.lang.reflect.Proxy;
import org.apache.activemq.artemis.api.core.client.ClientSession;
import org.apache.activemq.artemis.core.client.impl.ClientMessageImpl;
import org.apache.activemq.artemis.jms.client.ActiveMQBytesMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQMapMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQObjectMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQStreamMessage;
import org.apache.activemq.artemis.jms.client.ActiveMQTextMessage;

/**
 * Creates Artemis's own message objects without a broker session. A Brokerwise session is not one broker's
 * session, yet the messages it creates must be Artemis messages, so that each broker link sends them as they
 * are instead of converting a foreign message on every copy. Artemis's message constructors only ask their
 * session to allocate the core message, which is local work; this stands in for that one call.
 */
final class OfflineMessages {

    /** Artemis's default initial buffer of a new message (ServerLocator's initialMessagePacketSize). */
    private static final int INITIAL_BUFFER = 1500;

    static final ClientSession SESSION = (ClientSession) Proxy.newProxyInstance(ClientSession.class.getClassLoader(),
            new Class<?>[] {ClientSession.class}, (proxy, method, args) -> {
                if (method.getName().equals("createMessage") && args != null && args.length == 5) {
                    return new ClientMessageImpl((byte) args[0], (boolean) args[1], (long) args[2], (long) args[3],
                            (byte) args[4], INITIAL_BUFFER);
                }
                if (method.getName().equals("isClosed")) {
                    return false;
                }
                throw new UnsupportedOperationException("a message created by a Brokerwise session belongs to no "
                        + "broker session (" + method.getName() + ")");
            });

    private OfflineMessages() {
    }

    static Message message() {
        return new Plain();
    }

    static TextMessage text(String text) throws jakarta.jms.JMSException {
        TextMessage m = new ActiveMQTextMessage(SESSION);
        m.setText(text);
        return m;
    }

    static BytesMessage bytes() {
        return new Bytes();
    }

    static MapMessage map() {
        return new Map();
    }

    static StreamMessage stream() {
        return new Stream();
    }

    static ObjectMessage object(java.io.Serializable body) throws jakarta.jms.JMSException {
        ObjectMessage m = new ObjectBody();
        m.setObject(body);
        return m;
    }

    // Artemis's constructors that take a session are protected: these subclasses only make them reachable.

    private static final class Plain extends ActiveMQMessage {
        Plain() {
            super(SESSION);
        }
    }

    private static final class Bytes extends ActiveMQBytesMessage {
        Bytes() {
            super(SESSION);
        }
    }

    private static final class Map extends ActiveMQMapMessage {
        Map() {
            super(SESSION);
        }
    }

    private static final class Stream extends ActiveMQStreamMessage {
        Stream() {
            super(SESSION);
        }
    }

    private static final class ObjectBody extends ActiveMQObjectMessage {
        ObjectBody() {
            super(SESSION, null);
        }
    }
}
