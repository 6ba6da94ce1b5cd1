package io.brokerwise.client.jms;

import static io.brokerwise.client.jms.JmsCalls.get;
import static io.brokerwise.client.jms.JmsCalls.run;

import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.jms.MessageConsumer;
import jakarta.jms.MessageListener;

/**
 * The simplified API's consumer: a session's consumer (a {@link FanOutConsumer} of the topic, a {@link QueueConsumer}
 * of a queue) with unchecked exceptions and body receives.
 */
final class FanOutJmsConsumer implements JMSConsumer {

    private final MessageConsumer consumer;

    FanOutJmsConsumer(MessageConsumer consumer) {
        this.consumer = consumer;
    }

    @Override
    public String getMessageSelector() {
        return get(consumer::getMessageSelector);
    }

    @Override
    public MessageListener getMessageListener() {
        return get(consumer::getMessageListener);
    }

    @Override
    public void setMessageListener(MessageListener listener) {
        run(() -> consumer.setMessageListener(listener));
    }

    @Override
    public Message receive() {
        return receive(0);
    }

    @Override
    public Message receive(long timeout) {
        return get(() -> consumer.receive(timeout));
    }

    @Override
    public Message receiveNoWait() {
        return get(consumer::receiveNoWait);
    }

    @Override
    public void close() {
        run(consumer::close);
    }

    @Override
    public <T> T receiveBody(Class<T> type) {
        return body(receive(), type);
    }

    @Override
    public <T> T receiveBody(Class<T> type, long timeout) {
        return body(receive(timeout), type);
    }

    @Override
    public <T> T receiveBodyNoWait(Class<T> type) {
        return body(receiveNoWait(), type);
    }

    private static <T> T body(Message message, Class<T> type) {
        return get(() -> message == null ? null : message.getBody(type));
    }
}
