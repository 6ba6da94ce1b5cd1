package io.brokerwise.client.jms;

import jakarta.jms.InvalidClientIDException;
import java.util.HashSet;
import java.util.Set;

/**
 * The client IDs this process's open connections hold. Jakarta Messaging lets one connection hold an ID at a time;
 * the brokers enforce it between processes, at each broker of the column the ID's durable subscriptions sit in,
 * and this within the process, whose connections of one ID share their links to those brokers.
 */
final class ClientIds {

    private static final Set<String> HELD = new HashSet<>();

    private ClientIds() {
    }

    static synchronized void claim(String clientId) throws InvalidClientIDException {
        if (!HELD.add(clientId)) {
            throw new InvalidClientIDException("client ID '" + clientId + "' is held by another connection of this "
                    + "process; close it first");
        }
    }

    static synchronized void release(String clientId) {
        HELD.remove(clientId);
    }
}
