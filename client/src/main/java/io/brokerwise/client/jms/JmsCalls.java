package io.brokerwise.client.jms;

import jakarta.jms.JMSException;
import jakarta.jms.JMSRuntimeException;
import org.apache.activemq.artemis.jms.client.JmsExceptionUtils;

/**
 * Calls that throw JMS's checked exception, made from the simplified API, whose methods throw the unchecked
 * kind (Artemis's own mapping, e.g. an InvalidDestinationException becomes an InvalidDestinationRuntimeException).
 */
final class JmsCalls {

    interface Action {
        void run() throws JMSException;
    }

    interface Call<T> {
        T get() throws JMSException;
    }

    private JmsCalls() {
    }

    static void run(Action action) {
        try {
            action.run();
        } catch (JMSException e) {
            throw unchecked(e);
        }
    }

    static <T> T get(Call<T> call) {
        try {
            return call.get();
        } catch (JMSException e) {
            throw unchecked(e);
        }
    }

    static JMSRuntimeException unchecked(JMSException e) {
        return JmsExceptionUtils.convertToRuntimeException(e);
    }
}
