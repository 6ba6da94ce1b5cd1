package io.brokerwise.measure;

/**
 * How the load generator's publishers reach the brokers: {@code client}, through the client library's
 * {@code Publisher}; {@code factory}, as an unmodified Jakarta Messaging application does, through a JMSProducer of
 * {@code BrokerwiseConnectionFactory}. Both send the same messages (body, properties, delivery mode, no message ID
 * or timestamp), so their rates compare.
 */
public enum PublishingPath { client, factory }
