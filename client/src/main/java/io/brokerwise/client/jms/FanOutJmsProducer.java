package io.brokerwise.client.jms;

import static io.brokerwise.client.jms.JmsCalls.get;
import static io.brokerwise.client.jms.JmsCalls.run;

import io.brokerwise.client.Sending;
import jakarta.jms.BytesMessage;
import jakarta.jms.CompletionListener;
import jakarta.jms.Destination;
import jakarta.jms.JMSProducer;
import jakarta.jms.MapMessage;
import jakarta.jms.Message;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The simplified API's producer: its own settings and message properties, sent through the context's one
 * placed producer. The properties live in a message of their own, so that they follow JMS's conversion rules
 * exactly as a message's do.
 */
final class FanOutJmsProducer implements JMSProducer {

    private final FanOutContext context;
    private final FanOutSession session;
    private final Message properties = OfflineMessages.message();
    /** Whether any property was set: listing a message's property names allocates, on every send. */
    private boolean hasProperties;
    private Sending how = Sending.DEFAULTS;
    private CompletionListener completion;
    private String correlationId;
    private String type;

    FanOutJmsProducer(FanOutContext context, FanOutSession session) {
        this.context = context;
        this.session = session;
    }

    @Override
    public JMSProducer send(Destination destination, Message message) {
        run(() -> {
            if (hasProperties) {
                for (var names = properties.getPropertyNames(); names.hasMoreElements(); ) {
                    String name = (String) names.nextElement();
                    message.setObjectProperty(name, properties.getObjectProperty(name));
                }
            }
            if (correlationId != null) {
                message.setJMSCorrelationID(correlationId);
            }
            if (type != null) {
                message.setJMSType(type);
            }
            FanOutProducer producer = context.producer();
            if (completion == null) {
                producer.send(destination, message, how);
            } else {
                FanOutProducer.complete(message, completion, () -> producer.send(destination, message, how));
            }
        });
        return this;
    }

    @Override
    public JMSProducer send(Destination destination, String body) {
        return send(destination, context.createTextMessage(body));
    }

    @Override
    public JMSProducer send(Destination destination, Map<String, Object> body) {
        MapMessage message = context.createMapMessage();
        if (body != null) {
            for (Map.Entry<String, Object> e : body.entrySet()) {
                run(() -> message.setObject(e.getKey(), e.getValue()));
            }
        }
        return send(destination, message);
    }

    @Override
    public JMSProducer send(Destination destination, byte[] body) {
        BytesMessage message = context.createBytesMessage();
        if (body != null) {
            run(() -> message.writeBytes(body));
        }
        return send(destination, message);
    }

    @Override
    public JMSProducer send(Destination destination, Serializable body) {
        return send(destination, context.createObjectMessage(body));
    }

    @Override
    public JMSProducer setDisableMessageID(boolean disable) {
        how = how.withMessageIds(!disable);
        return this;
    }

    @Override
    public boolean getDisableMessageID() {
        return !how.messageIds();
    }

    @Override
    public JMSProducer setDisableMessageTimestamp(boolean disable) {
        how = how.withTimestamps(!disable);
        return this;
    }

    @Override
    public boolean getDisableMessageTimestamp() {
        return !how.timestamps();
    }

    @Override
    public JMSProducer setDeliveryMode(int deliveryMode) {
        return with(deliveryMode, how.priority(), how.timeToLive());
    }

    @Override
    public int getDeliveryMode() {
        return how.deliveryMode();
    }

    @Override
    public JMSProducer setPriority(int priority) {
        return with(how.deliveryMode(), priority, how.timeToLive());
    }

    @Override
    public int getPriority() {
        return how.priority();
    }

    @Override
    public JMSProducer setTimeToLive(long timeToLive) {
        return with(how.deliveryMode(), how.priority(), timeToLive);
    }

    @Override
    public long getTimeToLive() {
        return how.timeToLive();
    }

    private JMSProducer with(int deliveryMode, int priority, long timeToLive) {
        try {
            how = how.with(deliveryMode, priority, timeToLive);
        } catch (IllegalArgumentException e) {
            throw new jakarta.jms.JMSRuntimeException(e.getMessage());
        }
        return this;
    }

    @Override
    public JMSProducer setDeliveryDelay(long deliveryDelay) {
        how = how.withDeliveryDelay(deliveryDelay);
        return this;
    }

    @Override
    public long getDeliveryDelay() {
        return how.deliveryDelay();
    }

    @Override
    public JMSProducer setAsync(CompletionListener listener) {
        this.completion = listener;
        return this;
    }

    @Override
    public CompletionListener getAsync() {
        return completion;
    }

    private JMSProducer property(JmsCalls.Action write) {
        run(write);
        hasProperties = true;
        return this;
    }

    @Override
    public JMSProducer setProperty(String name, boolean value) {
        return property(() -> properties.setBooleanProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, byte value) {
        return property(() -> properties.setByteProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, short value) {
        return property(() -> properties.setShortProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, int value) {
        return property(() -> properties.setIntProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, long value) {
        return property(() -> properties.setLongProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, float value) {
        return property(() -> properties.setFloatProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, double value) {
        return property(() -> properties.setDoubleProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, String value) {
        return property(() -> properties.setStringProperty(name, value));
    }

    @Override
    public JMSProducer setProperty(String name, Object value) {
        return property(() -> properties.setObjectProperty(name, value));
    }

    @Override
    public JMSProducer clearProperties() {
        run(properties::clearProperties);
        hasProperties = false;
        return this;
    }

    @Override
    public boolean propertyExists(String name) {
        return get(() -> properties.propertyExists(name));
    }

    @Override
    public boolean getBooleanProperty(String name) {
        return get(() -> properties.getBooleanProperty(name));
    }

    @Override
    public byte getByteProperty(String name) {
        return get(() -> properties.getByteProperty(name));
    }

    @Override
    public short getShortProperty(String name) {
        return get(() -> properties.getShortProperty(name));
    }

    @Override
    public int getIntProperty(String name) {
        return get(() -> properties.getIntProperty(name));
    }

    @Override
    public long getLongProperty(String name) {
        return get(() -> properties.getLongProperty(name));
    }

    @Override
    public float getFloatProperty(String name) {
        return get(() -> properties.getFloatProperty(name));
    }

    @Override
    public double getDoubleProperty(String name) {
        return get(() -> properties.getDoubleProperty(name));
    }

    @Override
    public String getStringProperty(String name) {
        return get(() -> properties.getStringProperty(name));
    }

    @Override
    public Object getObjectProperty(String name) {
        return get(() -> properties.getObjectProperty(name));
    }

    @Override
    public Set<String> getPropertyNames() {
        return get(() -> {
            Set<String> names = new TreeSet<>();
            Collections.list(properties.getPropertyNames()).forEach(n -> names.add((String) n));
            return Collections.unmodifiableSet(names);
        });
    }

    @Override
    public JMSProducer setJMSCorrelationIDAsBytes(byte[] id) {
        this.correlationId = new String(id, java.nio.charset.StandardCharsets.UTF_8);
        return this;
    }

    @Override
    public byte[] getJMSCorrelationIDAsBytes() {
        return correlationId == null ? null : correlationId.getBytes(java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public JMSProducer setJMSCorrelationID(String id) {
        this.correlationId = id;
        return this;
    }

    @Override
    public String getJMSCorrelationID() {
        return correlationId;
    }

    @Override
    public JMSProducer setJMSType(String type) {
        this.type = type;
        return this;
    }

    @Override
    public String getJMSType() {
        return type;
    }

    @Override
    public JMSProducer setJMSReplyTo(Destination replyTo) {
        throw Refusal.REPLY_TO.runtime();
    }

    @Override
    public Destination getJMSReplyTo() {
        return null;
    }
}
