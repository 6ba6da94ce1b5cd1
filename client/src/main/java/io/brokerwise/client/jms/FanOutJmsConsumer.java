package io.brokerwise.client.jms;

import static io.brokerwise.client.jms.JmsCalls.get;
import static io.brokerwise.client.jms.JmsCalls.run;

import jakarta.jms.JMSConsumer;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;

/** The simplified API's consumer: a {@link FanOutConsumer} with unchecked exceptions and body receives. */
final class FanOutJmsConsumer implements JMSConsumer {

    private final FanOutConsumer consumer;

    FanOutJmsConsumer(FanOutConsumer consumer) {
        this.consumer = consumer;
    }

    @Override
    public String getMessageSelector() {
        return consumer.getMessageSelector();
    }

    @Override
    public MessageListener getMessageListener() {
        return consumer.getMessageListener();
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
        consumer.close();
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
