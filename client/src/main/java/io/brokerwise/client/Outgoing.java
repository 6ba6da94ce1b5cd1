package io.brokerwise.client;

import jakarta.jms.BytesMessage;
import jakarta.jms.JMSException;
import java.util.List;
import java.util.Map;

/**
 * A message to publish, built once per broker link and reused on every send (JMS allows reusing a message
 * after send returns), so a saturated load generator spends its time sending, not building. Belongs to one
 * publisher thread; the per-link copies are rebuilt when the publisher's links change.
 */
public final class Outgoing {

    final byte[] body;
    final Map<String, Object> properties;
    final String correlationId;
    Object builtFor;
    List<BytesMessage> built = List.of();

    /**
     * @param body          payload bytes
     * @param properties    application properties the selectors test (String, Integer, Long, Double, Boolean)
     * @param correlationId the JMS correlation ID, for JMSCorrelationID selectors; null for none
     */
    public Outgoing(byte[] body, Map<String, Object> properties, String correlationId) {
        this.body = body.clone();
        this.properties = Map.copyOf(properties);
        this.correlationId = correlationId;
    }

    BytesMessage buildFor(BrokerLink link) throws JMSException {
        BytesMessage m = link.session.createBytesMessage();
        m.writeBytes(body);
        for (Map.Entry<String, Object> p : properties.entrySet()) {
            m.setObjectProperty(p.getKey(), p.getValue());
        }
        if (correlationId != null) {
            m.setJMSCorrelationID(correlationId);
        }
        return m;
    }
}
