package io.brokerwise.client;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.Topic;
import java.util.Hashtable;
import javax.naming.Context;
import javax.naming.InitialContext;
import javax.naming.NamingException;

/** Local brokers as an application finds them: a {@code jndi.properties} environment and the names it binds. */
interface JndiNames {

    Hashtable<String, String> environment();

    default Context jndi() throws NamingException {
        return new InitialContext(environment());
    }

    /** What an application looks up: the connection factory... */
    default ConnectionFactory factory() throws NamingException {
        return (ConnectionFactory) jndi().lookup("ConnectionFactory");
    }

    /** ...and its topic. */
    default Topic topic() throws NamingException {
        return (Topic) jndi().lookup("quotes");
    }
}
